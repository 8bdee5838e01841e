import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { devSmsOutbox } from './tables';
import type { SmsMeta, SmsProvider } from './types';

export interface OutboxMessage {
  to: string;
  body: string;
  code: string;
  sent_at: string;
}

/** Kept per number, so a long-running dev server does not grow without bound. */
const OUTBOX_PER_NUMBER = 20;

/**
 * Development provider: nothing leaves the machine. The log line says that a message was sent but
 * never the code; the code is readable only through the dev outbox route, which reads the
 * database, so any instance of a cluster answers it.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(to: string, body: string, meta: SmsMeta): Promise<void> {
    const code = 'code' in meta ? meta.code : '';
    const at = this.now();
    const idempotencyKey = meta.purpose === 'status' ? meta.key : null;
    const stored = await this.db
      .insert(devSmsOutbox)
      .values({ to, body, code, sentAt: at, idempotencyKey })
      .onConflictDoNothing()
      .returning({ id: devSmsOutbox.id });
    if (stored.length === 0) {
      this.log.info(
        { sms: { to: `******${to.slice(-4)}`, purpose: meta.purpose } },
        'console SMS provider: a message with this idempotency key was sent already; not sent again',
      );
      return;
    }
    const newest = this.db
      .select({ id: devSmsOutbox.id })
      .from(devSmsOutbox)
      .where(eq(devSmsOutbox.to, to))
      .orderBy(desc(devSmsOutbox.id))
      .limit(OUTBOX_PER_NUMBER);
    // Per number, on the (to, id) index: a prune by age would scan the whole table on every send.
    await this.db
      .delete(devSmsOutbox)
      .where(and(eq(devSmsOutbox.to, to), notInArray(devSmsOutbox.id, newest)));
    this.log.info(
      { sms: { to: `******${to.slice(-4)}`, purpose: meta.purpose } },
      'console SMS provider: message stored in the dev outbox (GET /api/dev/sms-outbox)',
    );
  }

  /** Newest first. */
  async outbox(phone: string): Promise<OutboxMessage[]> {
    const rows = await this.db
      .select()
      .from(devSmsOutbox)
      .where(eq(devSmsOutbox.to, phone))
      .orderBy(desc(devSmsOutbox.id));
    return rows.map((row) => ({
      to: row.to,
      body: row.body,
      code: row.code,
      sent_at: row.sentAt.toISOString(),
    }));
  }
}
