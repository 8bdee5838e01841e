import type { FastifyBaseLogger } from 'fastify';
import type { SmsMeta, SmsProvider } from './types';

export interface OutboxMessage {
  to: string;
  body: string;
  code: string;
  sent_at: string;
}

/** Keeps only the newest messages so a long-running dev server does not grow without bound. */
const OUTBOX_LIMIT = 200;

/**
 * Development provider: nothing leaves the machine. The log line says that a code was sent but
 * never the code; the code is readable only through the dev outbox route.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  private readonly messages: OutboxMessage[] = [];

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(to: string, body: string, meta: SmsMeta): Promise<void> {
    const code = 'code' in meta ? meta.code : '';
    this.messages.push({ to, body, code, sent_at: this.now().toISOString() });
    if (this.messages.length > OUTBOX_LIMIT) this.messages.shift();
    this.log.info(
      { sms: { to: `******${to.slice(-4)}`, purpose: meta.purpose } },
      'console SMS provider: message stored in the dev outbox (GET /api/dev/sms-outbox)',
    );
  }

  /** Newest first. */
  outbox(phone: string): OutboxMessage[] {
    return this.messages.filter((message) => message.to === phone).reverse();
  }
}
