import {
  APPLICATION_STATUSES,
  type ApplicantDetail,
  type ApplicantPayment,
  type ApplicationNote,
  type ApplicationProfile,
  NOTE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REJECTION_REASON_MIN_LENGTH,
  type StatusHistoryEntry,
  type TransitionRequest,
  type TransitionResponse,
} from '@loan-portal/api-client';
import { object, string } from 'yup';
import { type Fields, nullable, objectOf } from '../../lib/json-schema';
import { errorResponses } from '../../plugins/error-handler';

/** No NUL: PostgreSQL text cannot hold one, and the insert would fail with a 500. */
const noNul = (value: string | undefined) => !value?.includes('\u0000');

export const REASON_REQUIRED = `Please give a reason of at least ${REJECTION_REASON_MIN_LENGTH} characters.`;

/** POST .../transition/: the lifecycle itself is checked by the service, under the row lock. */
export const transitionBodySchema = object({
  to: string()
    .required('Please choose the status to move to.')
    .oneOf([...APPLICATION_STATUSES], 'Unknown status.'),
  expected_status: string()
    .required('Please send the status you expect the application to have.')
    .oneOf([...APPLICATION_STATUSES], 'Unknown status.'),
  // Validated as sent (strict), measured without the spaces around it, which are then dropped.
  reason: string()
    .max(REASON_MAX_LENGTH, `At most ${REASON_MAX_LENGTH} characters`)
    .test('no-nul', 'Contains a character that is not allowed', noNul)
    .test('reason', REASON_REQUIRED, function rejectionHasReason(value) {
      if (this.parent.to !== 'rejected') return true;
      return (value ?? '').trim().length >= REJECTION_REASON_MIN_LENGTH;
    }),
}).noUnknown('The request has a field this call does not take.');

export const noteBodySchema = object({
  text: string()
    .required('Please write the note.')
    .test('not-blank', 'Please write the note.', (value) => Boolean(value?.trim()))
    .max(NOTE_MAX_LENGTH, `At most ${NOTE_MAX_LENGTH} characters`)
    .test('no-nul', 'Contains a character that is not allowed', noNul),
}).noUnknown('The request has a field this call does not take.');

const integer = { type: 'integer' };
const string_ = { type: 'string' };
const time = { type: 'string', format: 'date-time' };
const status = { type: 'string', enum: [...APPLICATION_STATUSES] };
const security = [{ bearerAuth: [] }];
const idParams = objectOf<{ id: number }>({
  id: {
    type: 'integer',
    minimum: 1,
    description: "The registration's id (the list row's registration.id)",
  },
});

const historyEntry = objectOf<StatusHistoryEntry>({
  from: nullable(status),
  to: status,
  at: time,
  by: nullable({ ...string_, description: 'Username of the staff member; null for the system' }),
  reason: nullable(string_),
});
const history = { type: 'array', items: historyEntry, description: 'Oldest first' };
const allowed = { type: 'array', items: status, description: 'The moves staff may make now' };

export const noteSchema = objectOf<ApplicationNote>({
  id: integer,
  text: string_,
  at: time,
  by: nullable(string_),
});

const profileFields: Fields<ApplicationProfile & { id: number }> = {
  id: integer,
  full_name: string_,
  contact_number: string_,
  alternative_contact_number: nullable(string_),
  aadhaar_number: string_,
  pan_number: string_,
  bank_name: string_,
  account_number: string_,
  ifsc_code: string_,
  full_address: string_,
  city: string_,
  state: string_,
  pin_code: string_,
  loan_type: string_,
  loan_amount: { type: ['integer', 'string'] },
};

const applicantDetail = objectOf<ApplicantDetail>({
  id: integer,
  status: string_,
  delivered: { type: 'boolean' },
  submitted_at: nullable(time),
  created_at: time,
  profile: objectOf<ApplicationProfile & { id: number }>(profileFields, [
    'alternative_contact_number',
  ]),
  payments: {
    type: 'array',
    items: objectOf<ApplicantPayment>({
      order_id: string_,
      payment_id: string_,
      amount: { type: 'number' },
      currency: string_,
      status: string_,
      at: nullable(time),
      flag: nullable({ ...string_, description: 'amount_mismatch, duplicate_payment, ...' }),
    }),
  },
  history,
  notes: { type: 'array', items: noteSchema, description: 'Newest first' },
  allowed_transitions: allowed,
  ifsc_verified: {
    type: ['boolean', 'null'],
    description:
      "Whether the IFSC was in RBI's list when saved (false: flag it); null before the check",
  },
  consent: nullable(
    objectOf<NonNullable<ApplicantDetail['consent']>>({
      notice_version: string_,
      given_at: time,
    }),
  ),
});

export const routeSchemas = {
  detail: {
    tags: ['back office'],
    summary: 'One application, whole: profile, payments, history and internal notes',
    security,
    params: idParams,
    response: {
      200: { ...applicantDetail, description: 'The application' },
      ...errorResponses(401, 403, 404, 500),
    },
  },
  transition: {
    tags: ['back office'],
    summary: 'Move an application to another status of the lifecycle',
    security,
    params: idParams,
    body: objectOf<TransitionRequest>(
      {
        to: status,
        expected_status: {
          ...status,
          description: 'The status the caller saw; 409 when it changed since',
        },
        reason: {
          ...string_,
          maxLength: REASON_MAX_LENGTH,
          description: `Required to reject: at least ${REJECTION_REASON_MIN_LENGTH} characters, shown to the client`,
        },
      },
      ['reason'],
    ),
    response: {
      200: {
        ...objectOf<TransitionResponse>({
          id: integer,
          status,
          history,
          allowed_transitions: allowed,
        }),
        description: 'Moved',
      },
      ...errorResponses(400, 401, 403, 404, 409, 500),
    },
  },
  addNote: {
    tags: ['back office'],
    summary: 'Add an internal note (never shown to the client)',
    security,
    params: idParams,
    body: objectOf<{ text: string }>({ text: { ...string_, maxLength: NOTE_MAX_LENGTH } }),
    response: {
      201: { ...noteSchema, description: 'The note' },
      ...errorResponses(400, 401, 403, 404, 500),
    },
  },
};
