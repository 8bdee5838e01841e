import type { FastifyBaseLogger } from 'fastify';
import type { Lease } from './lease';

export interface Leader {
  /** Whether this instance runs the duty now. */
  readonly leading: boolean;
  /** Stops the duty and gives the lease up. */
  stop(): Promise<void>;
}

/**
 * Runs a duty on exactly one instance: asks for the lease now and every `renewEveryMs`, starts the
 * duty when it gets the lease and stops it when it loses it (a database outage, a pause longer
 * than the lease). Renew well inside the lease's length: a third of it, say.
 */
export async function startLeader(options: {
  lease: Lease;
  renewEveryMs: number;
  onLead: () => Promise<void>;
  onFollow: () => Promise<void>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  name: string;
}): Promise<Leader> {
  const { lease, log } = options;
  let leading = false;
  let stopped = false;
  // One turn at a time: a slow database must not let two turns start and stop the duty at once.
  let turn: Promise<void> = Promise.resolve();

  const check = async () => {
    const held = await lease.acquire().catch((error: unknown) => {
      log.warn({ err: error }, `${options.name}: could not renew the lease`);
      return false;
    });
    if (stopped) return;
    if (held && !leading) {
      leading = true;
      log.info(`${options.name}: this instance runs it now`);
      await options.onLead();
    } else if (!held && leading) {
      leading = false;
      log.warn(`${options.name}: lease lost, stopping it here`);
      await options.onFollow();
    }
  };
  const next = () => {
    turn = turn.then(check).catch((error: unknown) => {
      log.error({ err: error }, `${options.name}: leadership turn failed`);
    });
    return turn;
  };

  await next();
  const timer = setInterval(next, options.renewEveryMs);
  timer.unref();
  return {
    get leading() {
      return leading;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await turn;
      if (leading) {
        leading = false;
        await options.onFollow();
      }
      await lease.release().catch((error: unknown) => {
        log.warn({ err: error }, `${options.name}: could not release the lease`);
      });
    },
  };
}
