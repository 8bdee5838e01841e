import type { SmsMeta, SmsProvider } from './types';
import { SmsSendError } from './types';

export interface Msg91Options {
  authKey: string;
  /** DLT-registered flow template; its ##otp## variable receives the code. */
  templateId: string;
  /**
   * DLT-registered flow templates of the status updates, by status; each has an ##application##
   * variable. A status without one is not sent (the send fails and its job retries, then stops).
   */
  statusTemplateIds?: Partial<Record<string, string>>;
  /** The DLT template of the notice to a registered number that someone tried to sign up with. */
  accountExistsTemplateId?: string;
  /**
   * The Hindi DLT templates (issue 16), same variables: a Hindi message without one goes out on
   * the English template, so the client still gets the code or the news.
   */
  hindi?: {
    templateId?: string;
    statusTemplateIds?: Partial<Record<string, string>>;
    accountExistsTemplateId?: string;
  };
  senderId?: string;
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * MSG91 Flow API (POST /api/v5/flow/, `authkey` header). In India the text is fixed by the
 * DLT-registered template, so only the code travels as a variable; `body` is ours for the outbox.
 */
export class Msg91SmsProvider implements SmsProvider {
  readonly name = 'msg91';

  constructor(private readonly options: Msg91Options) {}

  async send(to: string, _body: string, meta: SmsMeta): Promise<void> {
    const templateOf = (set: Msg91Options['hindi']) =>
      meta.purpose === 'status'
        ? set?.statusTemplateIds?.[meta.status]
        : meta.purpose === 'account_exists'
          ? set?.accountExistsTemplateId
          : set?.templateId;
    const templateId =
      (meta.language === 'hi' ? templateOf(this.options.hindi) : undefined) ??
      templateOf(this.options);
    if (!templateId) {
      throw new SmsSendError(
        `MSG91 has no template for ${meta.purpose === 'status' ? `status ${meta.status}` : meta.purpose}`,
      );
    }
    const variables =
      meta.purpose === 'status'
        ? { application: String(meta.applicationId) }
        : 'code' in meta
          ? { otp: meta.code }
          : {};
    const payload = {
      template_id: templateId,
      ...(this.options.senderId ? { sender: this.options.senderId } : {}),
      short_url: '0',
      recipients: [{ mobiles: `91${to}`, ...variables }],
    };
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/api/v5/flow/`, {
        method: 'POST',
        headers: {
          authkey: this.options.authKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SmsSendError(`MSG91 unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let answer: { type?: string; message?: string } = {};
    try {
      answer = JSON.parse(text);
    } catch {
      // Not JSON (a proxy error page): the status below says enough.
    }
    if (!response.ok || answer.type !== 'success') {
      throw new SmsSendError(
        `MSG91 refused the message (HTTP ${response.status}${answer.message ? `: ${answer.message}` : ''})`,
      );
    }
  }
}
