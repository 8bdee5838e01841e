import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { createCashfreeProvider } from './cashfree';
import { createSimulatorProvider, type SimulatorProvider } from './simulator';
import type { PaymentProvider } from './types';

export type { SimulatorProvider } from './simulator';
export * from './types';
export { signWebhook } from './webhook-signature';

/** The configured provider: Cashfree PG, or the simulator keeping Cashfree's shapes in our DB. */
export function createPaymentProvider(
  config: AppConfig,
  db: Database,
  now: () => number = Date.now,
): PaymentProvider | SimulatorProvider {
  const settings = config.payments;
  const webhookToleranceMs = settings.webhookToleranceSeconds * 1000;
  if (settings.provider === 'cashfree' && settings.cashfree) {
    return createCashfreeProvider({ ...settings.cashfree, webhookToleranceMs, now });
  }
  return createSimulatorProvider({
    db,
    webhookSecret: settings.simulatorSecret,
    webhookToleranceMs,
    now,
  });
}
