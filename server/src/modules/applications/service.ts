import {
  type ApplicantDetail,
  type ApplicationNote,
  allowedTransitions,
  canTransition,
  isLifecycleStatus,
  STATUS_LABELS,
  TRANSITION_CONFLICT_MESSAGE,
  type TransitionRequest,
  type TransitionResponse,
} from '@loan-portal/api-client';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import { users } from '../accounts/tables';
import { recordAudit } from '../audit';
import { maskedAadhaar, maskedAccount } from '../identity-masking';
import type { JobQueue } from '../jobs/queue';
import { payments } from '../payments/tables';
import { profileFields } from '../registration/profile-fields';
import { profiles, registrations } from '../registration/tables';
import { moveStatus } from './move';
import { announceStatusChange, staffHistory } from './status-changes';
import { applicationNotes } from './tables';

export const NO_APPLICATION = 'Application not found.';

export interface Actor {
  userId: number;
  ip: string;
}

function label(status: string): string {
  return isLifecycleStatus(status) ? STATUS_LABELS[status] : status;
}

/**
 * Staff's side of the lifecycle: read an application whole, move it, note on it. Every move is
 * checked here against the lifecycle of api-client and against the status the caller saw, under
 * the registration's row lock, so of many concurrent tries exactly one wins.
 */
export function createApplicationsService(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  now?: () => Date;
}) {
  const { db, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  // The applicant page's reads, prepared: planned once per connection, not on every page.
  const notesOf = db
    .select({
      id: applicationNotes.id,
      text: applicationNotes.text,
      at: applicationNotes.createdAt,
      by: users.username,
    })
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorUserId))
    .where(eq(applicationNotes.registrationId, sql.placeholder('registrationId')))
    .orderBy(desc(applicationNotes.id))
    .prepare('applicant_notes');
  const paymentsOfRegistration = db
    .select()
    .from(payments)
    .where(eq(payments.registrationId, sql.placeholder('registrationId')))
    .orderBy(asc(payments.id))
    .prepare('applicant_payments');
  const applicant = db
    .select({ profile: profiles, registration: registrations })
    .from(registrations)
    .innerJoin(profiles, eq(profiles.id, registrations.profileId))
    .where(eq(registrations.id, sql.placeholder('registrationId')))
    .prepare('applicant_detail');

  async function notes(registrationId: number): Promise<ApplicationNote[]> {
    const rows = await notesOf.execute({ registrationId });
    return rows.map((row) => ({ ...row, at: row.at.toISOString(), by: row.by ?? null }));
  }

  async function paymentsOf(registrationId: number): Promise<ApplicantDetail['payments']> {
    const rows = await paymentsOfRegistration.execute({ registrationId });
    return rows.map((row) => ({
      order_id: row.orderId,
      payment_id: row.cfPaymentId,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      at: (row.completedAt ?? row.paymentTime ?? row.createdAt).toISOString(),
      flag: row.flag,
    }));
  }

  /** Audits a refused move: who tried what on which application, and why it was refused. */
  async function refused(
    registrationId: number,
    actor: Actor,
    request: Partial<TransitionRequest>,
    error: HttpError,
  ): Promise<never> {
    await recordAudit(db, {
      actorUserId: actor.userId,
      action: 'application.transition_refused',
      subject: String(registrationId),
      details: {
        to: typeof request.to === 'string' ? request.to.slice(0, 32) : null,
        expected_status:
          typeof request.expected_status === 'string' ? request.expected_status.slice(0, 32) : null,
        status_code: error.statusCode,
        message: error.message,
      },
      ip: actor.ip,
    });
    throw error;
  }

  /**
   * Audits a refused note (bad text, no such application): who tried on which application, and
   * why. Never the text: a note may name the applicant's circumstances, and a refused one may be
   * anything at all. Only its length, and the names of the fields that were refused.
   */
  async function noteRefused(
    registrationId: number,
    actor: Actor,
    body: unknown,
    error: HttpError,
  ): Promise<never> {
    const text = body && typeof body === 'object' ? (body as { text?: unknown }).text : undefined;
    await recordAudit(db, {
      actorUserId: actor.userId,
      action: 'application.note_refused',
      subject: String(registrationId),
      details: {
        status_code: error.statusCode,
        message: error.message,
        fields: Object.keys(error.errors ?? {})
          .slice(0, 8)
          .map((field) => field.slice(0, 32)),
        length: typeof text === 'string' ? text.length : null,
      },
      ip: actor.ip,
    });
    throw error;
  }

  /** Stores a note and its audit row together; 404 when there is no such application. */
  function insertNote(
    registrationId: number,
    text: string,
    actor: Actor,
  ): Promise<ApplicationNote> {
    return db.transaction(async (tx) => {
      const [registration] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.id, registrationId));
      if (!registration) throw new HttpError(404, NO_APPLICATION);
      const [note] = await tx
        .insert(applicationNotes)
        .values({ registrationId, authorUserId: actor.userId, text, createdAt: now() })
        .returning();
      // The note's text stays in its table: it may name the applicant's circumstances.
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'application.note_added',
        subject: String(registrationId),
        details: { note_id: note!.id, length: text.length },
        ip: actor.ip,
      });
      const [author] = await tx
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, actor.userId));
      return {
        id: note!.id,
        text: note!.text,
        at: note!.createdAt.toISOString(),
        by: author?.username ?? null,
      };
    });
  }

  return {
    async detail(registrationId: number): Promise<ApplicantDetail | null> {
      const [row] = await applicant.execute({ registrationId });
      if (!row) return null;
      const { profile, registration } = row;
      const [history, noteList, paymentList] = await Promise.all([
        staffHistory(db, registration),
        notes(registration.id),
        paymentsOf(registration.id),
      ]);
      return {
        id: registration.id,
        status: registration.status,
        delivered: registration.delivered,
        submitted_at: registration.submittedAt?.toISOString() ?? null,
        created_at: registration.createdAt.toISOString(),
        profile: {
          id: profile.id,
          // Masked: POST .../reveal/ shows one, audited (identity-masking).
          ...profileFields(profile, {
            aadhaar: maskedAadhaar(profile.aadhaarLast4),
            account: maskedAccount(profile.accountLast4),
          }),
        },
        payments: paymentList,
        history,
        notes: noteList,
        allowed_transitions: [...allowedTransitions(registration.status)],
        ifsc_verified: profile.ifscVerified,
        consent:
          profile.consentNoticeVersion && profile.consentGivenAt
            ? {
                notice_version: profile.consentNoticeVersion,
                given_at: profile.consentGivenAt.toISOString(),
              }
            : null,
      };
    },

    /** Validated input in; the refused tries are audited as well as the moves. */
    async transition(
      registrationId: number,
      request: TransitionRequest,
      actor: Actor,
    ): Promise<TransitionResponse> {
      const at = now();
      try {
        // A move the lifecycle allows from the status the caller saw: one statement (move.ts).
        const moved = canTransition(request.expected_status, request.to)
          ? await db.transaction(async (tx) => {
              const done = await moveStatus(tx, {
                registrationId,
                from: request.expected_status,
                to: request.to,
                reason: request.reason ?? null,
                actorUserId: actor.userId,
                ip: actor.ip,
                at,
              });
              if (done) await announceStatusChange(tx, jobs, done.historyId);
              return done;
            })
          : null;
        if (moved) {
          return {
            id: registrationId,
            status: request.to,
            history: moved.history,
            allowed_transitions: [...allowedTransitions(request.to)],
          };
        }
        // Nothing moved: say why, from the status it has now.
        const [current] = await db
          .select({ status: registrations.status })
          .from(registrations)
          .where(eq(registrations.id, registrationId));
        if (!current) throw new HttpError(404, NO_APPLICATION);
        if (current.status !== request.expected_status) {
          throw new HttpError(409, TRANSITION_CONFLICT_MESSAGE);
        }
        throw new HttpError(
          409,
          `An application that is ${label(current.status)} cannot be moved to ${label(request.to)}.`,
        );
      } catch (error) {
        if (error instanceof HttpError) return refused(registrationId, actor, request, error);
        throw error;
      }
    },

    /** Audits a move refused before it reached the database (bad input). */
    refused,

    /** Audits a note refused before it reached the database (bad input). */
    noteRefused,

    /** Validated text in; a refused note (no such application) is audited as well as a note. */
    async addNote(registrationId: number, text: string, actor: Actor): Promise<ApplicationNote> {
      try {
        return await insertNote(registrationId, text, actor);
      } catch (error) {
        if (error instanceof HttpError) return noteRefused(registrationId, actor, { text }, error);
        throw error;
      }
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
