import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { ConsoleSmsProvider } from './console';
import { Msg91SmsProvider } from './msg91';
import type { SmsProvider } from './types';

export { ConsoleSmsProvider, type OutboxMessage } from './console';
export { Msg91SmsProvider } from './msg91';
export { type SmsMeta, type SmsProvider, SmsSendError } from './types';

export function createSmsProvider(
  config: SmsConfig,
  log: FastifyBaseLogger,
  db: Database,
  now: () => Date,
): SmsProvider {
  if (config.provider === 'msg91') {
    return new Msg91SmsProvider(config);
  }
  log.warn(
    'SMS_PROVIDER=console: one-time codes are NOT sent; read them from GET /api/dev/sms-outbox. ' +
      'Set SMS_PROVIDER=msg91 for real SMS.',
  );
  return new ConsoleSmsProvider(log, db, now);
}
