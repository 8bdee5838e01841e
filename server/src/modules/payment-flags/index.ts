/**
 * Flagged payments on screen (issue 15). Settlement (modules/payments/settlement.ts) records money
 * that arrived but must not simply pay the registration with a flag on the payment row:
 * amount_mismatch, duplicate_payment (a second payment for one registration) and late_success (a
 * success reported after the same attempt was reported failed; it pays, and the client was told
 * otherwise). Staff read each with its evidence; a superuser closes one with a note, or sends the
 * money of a duplicate or mismatched payment back through the provider's refund API.
 *
 * Why it looks as it does: the payment row keeps its flag for ever (it is evidence); a resolution
 * is a row of its own, one per payment, written with its audit entry in one transaction. A refund
 * uses a refund_id derived from the payment, so a retried or doubled click can never refund twice:
 * the provider refuses the second. A retry whose first attempt was refunded but never answered (a
 * timeout) is refused as "already exists"; it then reads that refund (GET .../refunds/{refund_id})
 * and resolves the flag with it, so the retry converges and the resolution is audited once.
 */
export { paymentFlagRoutes } from './routes';
