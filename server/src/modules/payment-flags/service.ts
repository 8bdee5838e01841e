import type { FlaggedPayment, PaymentFlagKind } from '@loan-portal/api-client';
import { REFUNDABLE_FLAGS } from '@loan-portal/api-client';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import {
  type CreateRefundInput,
  type PaymentProvider,
  PaymentProviderError,
  PaymentProviderRejection,
  type ProviderRefund,
} from '../../providers/payments';
import { users } from '../accounts/tables';
import { recordAudit } from '../audit';
import { paymentOrders, payments } from '../payments/tables';
import { profiles, registrations } from '../registration/tables';
import { paymentFlagResolutions } from './tables';

export const NOT_FLAGGED = 'Flagged payment not found.';
export const ALREADY_RESOLVED = 'This flagged payment is already resolved.';
export const NOT_REFUNDABLE = 'Only a second payment or a mismatched amount can be refunded.';

export type FlagState = 'open' | 'resolved' | 'all';

export interface Actor {
  userId: number;
  ip: string;
}

/** Cashfree's refund_id: 3-40 characters, unique within the order. One per payment. */
export function refundIdFor(paymentId: number): string {
  return `flag-refund-${paymentId}`;
}

/**
 * Cashfree's refusal of a refund_id it already has (409 refund_already_exists). Our refund_id is
 * one per payment, so that refund is ours: an earlier attempt made it and its answer was lost.
 */
function isAlreadyMade(error: PaymentProviderRejection): boolean {
  return error.code === 'refund_already_exists' || /refund.*already exists/i.test(error.message);
}

const resolver = alias(users, 'resolver');

const columns = {
  id: payments.id,
  flag: payments.flag,
  orderId: payments.orderId,
  cfPaymentId: payments.cfPaymentId,
  receivedAmount: payments.amount,
  receivedCurrency: payments.currency,
  paymentStatus: payments.status,
  paymentGroup: payments.paymentGroup,
  paymentTime: payments.paymentTime,
  completedAt: payments.completedAt,
  recordedAt: payments.createdAt,
  expectedAmount: paymentOrders.amount,
  expectedCurrency: paymentOrders.currency,
  orderCreatedAt: paymentOrders.createdAt,
  registrationId: registrations.id,
  registrationStatus: registrations.status,
  fullName: profiles.fullName,
  resolution: paymentFlagResolutions.resolution,
  note: paymentFlagResolutions.note,
  resolvedById: paymentFlagResolutions.resolvedBy,
  resolvedByName: resolver.username,
  resolvedAt: paymentFlagResolutions.resolvedAt,
  refundId: paymentFlagResolutions.refundId,
  cfRefundId: paymentFlagResolutions.cfRefundId,
  refundStatus: paymentFlagResolutions.refundStatus,
  refundAmount: paymentFlagResolutions.refundAmount,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function isRefundable(row: Row): boolean {
  return (
    REFUNDABLE_FLAGS.includes(row.flag as PaymentFlagKind) &&
    row.paymentStatus === 'SUCCESS' &&
    row.resolution === null
  );
}

function toFlagged(row: Row): FlaggedPayment {
  return {
    id: row.id!,
    flag: row.flag as PaymentFlagKind,
    order_id: row.orderId!,
    cf_payment_id: row.cfPaymentId!,
    expected_amount: row.expectedAmount!,
    expected_currency: row.expectedCurrency!,
    received_amount: row.receivedAmount!,
    received_currency: row.receivedCurrency!,
    payment_status: row.paymentStatus!,
    payment_group: row.paymentGroup,
    payment_time: iso(row.paymentTime),
    completed_at: iso(row.completedAt),
    recorded_at: iso(row.recordedAt)!,
    order_created_at: iso(row.orderCreatedAt)!,
    registration: {
      id: row.registrationId!,
      status: row.registrationStatus!,
      full_name: row.fullName,
    },
    refundable: isRefundable(row),
    resolution:
      row.resolution === null
        ? null
        : {
            resolution: row.resolution as 'noted' | 'refunded',
            note: row.note ?? '',
            resolved_by: { id: row.resolvedById!, username: row.resolvedByName },
            resolved_at: iso(row.resolvedAt)!,
            refund: row.refundId
              ? {
                  refund_id: row.refundId,
                  cf_refund_id: row.cfRefundId,
                  status: row.refundStatus,
                  amount: row.refundAmount ?? 0,
                }
              : null,
          },
  };
}

export function createPaymentFlagService(deps: {
  db: Database;
  provider: PaymentProvider;
  now: () => number;
}) {
  const { db } = deps;

  function select(where: SQL | undefined) {
    return db
      .select(columns)
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.orderId, payments.orderId))
      .innerJoin(registrations, eq(registrations.id, payments.registrationId))
      .leftJoin(profiles, eq(profiles.id, registrations.profileId))
      .leftJoin(paymentFlagResolutions, eq(paymentFlagResolutions.paymentId, payments.id))
      .leftJoin(resolver, eq(resolver.id, paymentFlagResolutions.resolvedBy))
      .where(where);
  }

  function stateCondition(state: FlagState): SQL | undefined {
    const flagged = isNotNull(payments.flag);
    if (state === 'open') return and(flagged, isNull(paymentFlagResolutions.paymentId));
    if (state === 'resolved') return and(flagged, isNotNull(paymentFlagResolutions.paymentId));
    return flagged;
  }

  async function list(state: FlagState, page: number, pageSize: number) {
    const where = stateCondition(state);
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .leftJoin(paymentFlagResolutions, eq(paymentFlagResolutions.paymentId, payments.id))
      .where(where);
    const rows = await select(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: (rows as Row[]).map(toFlagged), total: counted?.total ?? 0 };
  }

  async function find(paymentId: number): Promise<FlaggedPayment | null> {
    const [row] = await select(and(eq(payments.id, paymentId), isNotNull(payments.flag)));
    return row ? toFlagged(row as Row) : null;
  }

  async function mustFind(paymentId: number): Promise<FlaggedPayment> {
    const found = await find(paymentId);
    if (!found) throw new HttpError(404, NOT_FLAGGED);
    return found;
  }

  /** Records a resolution and its audit entry together; 409 when someone resolved it first. */
  async function store(
    flagged: FlaggedPayment,
    actor: Actor,
    values: Omit<typeof paymentFlagResolutions.$inferInsert, 'paymentId' | 'resolvedBy'>,
  ) {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(paymentFlagResolutions)
        .values({
          ...values,
          paymentId: flagged.id,
          resolvedBy: actor.userId,
          resolvedAt: new Date(deps.now()),
        })
        .onConflictDoNothing()
        .returning({ id: paymentFlagResolutions.paymentId });
      if (inserted.length === 0) throw new HttpError(409, ALREADY_RESOLVED);
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action:
          values.resolution === 'refunded' ? 'payment_flag.refunded' : 'payment_flag.resolved',
        subject: String(flagged.registration.id),
        // The note is free text and may name people: the entry says that one was given.
        details: {
          payment_id: flagged.id,
          flag: flagged.flag,
          order_id: flagged.order_id,
          cf_payment_id: flagged.cf_payment_id,
          ...(values.refundId
            ? {
                refund_id: values.refundId,
                refund_amount: values.refundAmount,
                refund_status: values.refundStatus,
              }
            : {}),
        },
        ip: actor.ip,
      });
    });
  }

  async function resolve(paymentId: number, note: string, actor: Actor) {
    const flagged = await mustFind(paymentId);
    if (flagged.resolution) throw new HttpError(409, ALREADY_RESOLVED);
    await store(flagged, actor, { resolution: 'noted', note });
    return mustFind(paymentId);
  }

  /**
   * Makes the refund, or finds the one an earlier attempt made: a retry after a timeout whose
   * refund went through is answered "already exists", and then converges on that refund instead
   * of leaving the flag open for ever.
   */
  async function createOrFindRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    try {
      return await deps.provider.createRefund(input);
    } catch (error) {
      if (!(error instanceof PaymentProviderRejection) || !isAlreadyMade(error)) throw error;
      const made = await deps.provider.fetchRefund(input.orderId, input.refundId);
      if (!made) {
        throw new PaymentProviderError('the provider reported the refund as made but has none');
      }
      return made;
    }
  }

  async function refund(paymentId: number, note: string, actor: Actor) {
    const flagged = await mustFind(paymentId);
    if (flagged.resolution) throw new HttpError(409, ALREADY_RESOLVED);
    if (!flagged.refundable) throw new HttpError(409, NOT_REFUNDABLE);
    const refundId = refundIdFor(flagged.id);
    let refunded: ProviderRefund;
    try {
      refunded = await createOrFindRefund({
        orderId: flagged.order_id,
        refundId,
        amount: flagged.received_amount,
        // Cashfree keeps at most 100 characters of the note.
        note: note.slice(0, 100),
      });
    } catch (error) {
      if (error instanceof PaymentProviderRejection) {
        throw new HttpError(409, `The payment provider refused the refund: ${error.message}`);
      }
      if (error instanceof PaymentProviderError) {
        throw new HttpError(
          502,
          'The payment provider could not be reached. Try again: the same refund is never made twice.',
        );
      }
      throw error;
    }
    await store(flagged, actor, {
      resolution: 'refunded',
      note,
      refundId,
      cfRefundId: refunded.cf_refund_id,
      refundStatus: refunded.refund_status,
      refundAmount: refunded.refund_amount,
    });
    return mustFind(paymentId);
  }

  return { list, find, resolve, refund };
}
