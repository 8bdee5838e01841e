/**
 * What a message is about; providers with templates (MSG91/DLT) need it to pick the template and
 * fill its variables: the code of a one-time code, the status and application of an update.
 */
export type SmsMeta = (
  | { purpose: 'signup' | 'reset'; code: string }
  /** To a registered number that someone tried to sign up with: no code. */
  | { purpose: 'account_exists' }
  /**
   * `key` names this message for good (the status change it announces): a provider that can tell
   * refuses a second message with a key it has already accepted, so a job retried after a crash
   * that followed the send does not text the client twice.
   */
  | { purpose: 'status'; status: string; applicationId: number; key: string }
) & {
  /** The language of the text (issue 16): a template provider picks that language's template. */
  language?: 'en' | 'hi';
};

export interface SmsProvider {
  readonly name: 'console' | 'msg91';
  /** `to` is the 10-digit Indian mobile number; resolves once the provider accepted the message. */
  send(to: string, body: string, meta: SmsMeta): Promise<void>;
}

/** The provider refused or could not be reached; the message is safe to log (no code inside). */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
}
