import type {
  ApplicationProfile,
  ClientHistoryEntry,
  PersonalDataExport,
} from '@loan-portal/api-client';
import * as yup from 'yup';
import { type Fields, nullable, objectOf } from '../../lib/json-schema';
import { errorResponses } from '../../plugins/error-handler';
import { messageResponse } from '../accounts/schemas';
import { draftSchema } from '../profile-drafts/routes';

export const eraseBody = yup.object({
  password: yup.string().required('Password is required').max(128, 'Password is too long'),
});

const string = { type: 'string' };
const time = { type: 'string', format: 'date-time' };
const money = { type: 'string', description: 'Rupees with two decimals, e.g. 199.00' };

const profileFields: Fields<ApplicationProfile> = {
  full_name: string,
  contact_number: string,
  alternative_contact_number: string,
  aadhaar_number: { type: 'string', description: 'In full: it is the client reading their own' },
  pan_number: string,
  bank_name: string,
  account_number: { type: 'string', description: 'In full' },
  ifsc_code: string,
  full_address: string,
  city: string,
  state: string,
  pin_code: string,
  loan_type: string,
  loan_amount: { type: ['integer', 'string'] },
};

type ExportedApplication = NonNullable<PersonalDataExport['application']>;

const personalData = objectOf<PersonalDataExport>({
  exported_at: time,
  account: objectOf<PersonalDataExport['account']>({
    id: { type: 'integer' },
    phone_number: string,
    created_at: time,
    preferred_language: { type: 'string', enum: ['en', 'hi'] },
  }),
  application: nullable(
    objectOf<ExportedApplication>({
      application_id: { type: 'integer' },
      status: string,
      created_at: time,
      submitted_at: nullable(time),
      profile: objectOf<ApplicationProfile>(profileFields),
      ifsc_verified: {
        type: ['boolean', 'null'],
        description: "Whether the IFSC was in RBI's list when saved; null before that check",
      },
      history: {
        type: 'array',
        description: 'What the client sees: statuses, times and a rejection reason',
        items: objectOf<ClientHistoryEntry>(
          { status: string, at: time, reason: nullable(string) },
          ['reason'],
        ),
      },
    }),
  ),
  form_draft: nullable({
    ...draftSchema,
    description: 'The half-filled registration form, as typed; null when none is saved',
  }),
  payment_orders: {
    type: 'array',
    items: objectOf<PersonalDataExport['payment_orders'][number]>({
      order_id: string,
      amount: money,
      currency: string,
      status: string,
      created_at: time,
    }),
  },
  payments: {
    type: 'array',
    items: objectOf<PersonalDataExport['payments'][number]>({
      payment_id: { type: 'string', description: "The provider's payment id" },
      order_id: string,
      amount: money,
      currency: string,
      status: string,
      method: nullable(string),
      paid_at: nullable(time),
    }),
  },
  consent: nullable(
    objectOf<NonNullable<PersonalDataExport['consent']>>({
      notice_version: string,
      accepted_at: time,
      ip_address: nullable({ ...string, description: 'The network address it was accepted from' }),
    }),
  ),
});

const security = [{ bearerAuth: [] }];

export const routeSchemas = {
  myData: {
    tags: ['data rights'],
    summary: 'Everything held about the signed-in client, as a JSON file',
    description:
      'Account and its language, profile with the full numbers, application and the history a ' +
      'client sees, the half-filled form, payment orders and payments, consent and its address. ' +
      'Never password or token hashes, staff notes or names.',
    security,
    response: { 200: personalData, ...errorResponses(401, 500) },
  },
  eraseMe: {
    tags: ['data rights'],
    summary: "Erases the signed-in client's personal data and ends every session",
    description:
      'Needs the password again. Name, phone, Aadhaar, PAN, account number and address are ' +
      'anonymised; payment records (amounts, provider ids, dates) are kept. Audited.',
    security,
    // Shape only: the yup schema above decides, with the messages the screen shows.
    body: {
      type: 'object',
      properties: { password: { type: 'string', description: "The client's password, again" } },
    },
    response: { 200: messageResponse, ...errorResponses(400, 401, 409, 429, 500) },
  },
};
