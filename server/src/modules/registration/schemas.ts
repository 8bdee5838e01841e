import type {
  ApplicantProfile,
  Application,
  ApplicationProfile,
  ClientHistoryEntry,
  DashboardData,
  DashboardRegistration,
  ExportProfilesParams,
  ListProfilesParams,
  MonthlyCount,
  Paginated,
  Pagination,
  ProfilePayload,
  Registration,
  RegistrationStatusResponse,
  ToggleDeliveredResponse,
} from '@loan-portal/api-client';
import {
  APPLICATION_STATUSES,
  FIELD_MAX_LENGTH,
  INDIAN_STATES,
  isLifecycleStatus,
  LOAN_TYPES,
  profileSchema,
  TEXT_MAX_LENGTH,
  validationText,
} from '@loan-portal/api-client';
import type { FastifySchemaCompiler } from 'fastify';
import { type StringSchema, ValidationError } from 'yup';
import { type Fields, type JsonSchema, nullable, objectOf } from '../../lib/json-schema';
import { errorResponses, HttpError } from '../../plugins/error-handler';
import { isIsoDate } from './dates';
import type { ListFilters, ListQuery } from './service';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
const MAX_SEARCH_LENGTH = 100;
// The day bounds become instants at +05:30, so 0001-01-01 starts in year 0, which PostgreSQL
// refuses; no applicant predates 1900 either.
const FIRST_DATE = '1900-01-01';
const LAST_DATE = '9999-12-31';

type RawQuery = Record<string, unknown>;

/**
 * The profile form's schema, its length limits included (the columns are sized from the same
 * TEXT_MAX_LENGTH), plus what no form needs to say: no NUL character in free text. PostgreSQL
 * cannot store one, and the insert would fail with a 500.
 */
export const profileBodySchema = profileSchema.shape({
  full_name: withoutNul('full_name'),
  bank_name: withoutNul('bank_name'),
  city: withoutNul('city'),
  full_address: withoutNul('full_address'),
});

function withoutNul(name: keyof typeof TEXT_MAX_LENGTH) {
  // Each is a yup string in the form's schema; yup types the fields of an object loosely.
  return (profileSchema.fields[name] as StringSchema<string>).test(
    'no-nul',
    'Contains a character that is not allowed',
    (value) => !value?.includes('\u0000'),
  );
}

/**
 * The one message per field of a yup ValidationError (the first failing rule wins), in English:
 * the shared rules carry message ids, and the i18n module translates the answer. A value of
 * the wrong type gets a message of its own: yup's quotes the value, which may be an Aadhaar or
 * account number.
 */
export function validationErrors(error: ValidationError): Record<string, string> {
  const errors: Record<string, string> = {};
  const items = error.inner.length > 0 ? error.inner : [error];
  for (const item of items) {
    const field = item.path ?? '';
    if (field && !errors[field]) {
      errors[field] =
        item.type === 'typeError'
          ? `Must be a ${item.params?.type ?? 'valid value'}`
          : validationText(item.message);
    }
  }
  return errors;
}

/** Runs a yup schema on a JSON object; a failure becomes 400 `{ message, errors: { field: message } }`. */
export async function validateBody<T>(
  schema: { validate(value: unknown, options: { abortEarly: false; strict: true }): Promise<T> },
  body: unknown,
): Promise<T> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  try {
    // Strict: values are taken as sent. Casting would accept 123456789012345678, a JSON number
    // that has already lost its last digits, as a valid account number.
    return await schema.validate(body ?? {}, { abortEarly: false, strict: true });
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new HttpError(400, 'Please check the highlighted fields.', validationErrors(error));
    }
    throw error;
  }
}

function single(query: RawQuery, key: string): string | undefined {
  const value = query[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${key} must be given once`);
  return value;
}

function positiveInteger(query: RawQuery, key: string, fallback: number): number {
  const raw = single(query, key);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new HttpError(400, `${key} must be a positive whole number`);
  }
  return Number(raw);
}

/** search, from_date, to_date: shared by the list and the export. */
export function parseFilters(query: RawQuery): ListFilters {
  const search = single(query, 'search')?.trim() || undefined;
  if (search && search.length > MAX_SEARCH_LENGTH) {
    throw new HttpError(400, `search must be at most ${MAX_SEARCH_LENGTH} characters`);
  }
  // PostgreSQL text cannot hold a NUL, so the query would fail instead of matching nothing.
  if (search?.includes('\u0000')) {
    throw new HttpError(400, 'search contains a character that is not allowed');
  }
  const from = single(query, 'from_date') || undefined;
  const to = single(query, 'to_date') || undefined;
  for (const [key, value] of [
    ['from_date', from],
    ['to_date', to],
  ] as const) {
    if (value !== undefined && !isIsoDate(value)) {
      throw new HttpError(400, `${key} must be a date in YYYY-MM-DD format`);
    }
    if (value !== undefined && (value < FIRST_DATE || value > LAST_DATE)) {
      throw new HttpError(400, `${key} must be a date between ${FIRST_DATE} and ${LAST_DATE}`);
    }
  }
  if (from && to && from > to) throw new HttpError(400, 'from_date must not be after to_date');
  return { search, range: { from, to }, statuses: parseStatuses(single(query, 'status')) };
}

/** `status=paid,under_review`: known statuses only, each once; empty means every status. */
function parseStatuses(raw: string | undefined): string[] | undefined {
  if (!raw) return undefined;
  const statuses = [
    ...new Set(
      raw
        .split(',')
        .map((status) => status.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = statuses.find((status) => !isLifecycleStatus(status));
  if (unknown !== undefined) {
    throw new HttpError(
      400,
      `status must be a comma-separated list of ${APPLICATION_STATUSES.join(', ')}`,
    );
  }
  return statuses.length > 0 ? statuses : undefined;
}

export function parseListQuery(query: RawQuery): ListQuery {
  const page = positiveInteger(query, 'page', 1);
  const pageSize = positiveInteger(query, 'page_size', DEFAULT_PAGE_SIZE);
  if (pageSize > MAX_PAGE_SIZE) {
    throw new HttpError(400, `page_size must be at most ${MAX_PAGE_SIZE}`);
  }
  return { page, pageSize, ...parseFilters(query) };
}

/** A path id: a positive integer that fits the integer column, else 404 like an unknown id. */
export function parseId(raw: string, notFound: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
    throw new HttpError(404, notFound);
  }
  return Number(raw);
}

// --- JSON schemas: what each route takes and answers, for OpenAPI and the response serializer.
// What is valid, and what a caller is told, stays with the yup schema and the parsers above.

/**
 * The validator compiler of the registration routes: their request schemas are documentation
 * only. Ajv would otherwise reject with messages of its own instead of the spec's, and coerce
 * (a `page` given twice must still reach `single()` as an array to be refused by name).
 */
export const documentationOnly: FastifySchemaCompiler<unknown> = () => () => true;

const text = (description: string, extra: JsonSchema = {}) => ({
  type: 'string',
  description,
  ...extra,
});
const integer = { type: 'integer' };
const string = { type: 'string' };
const security = [{ bearerAuth: [] }];

const profileBodyFields: Fields<ProfilePayload> = {
  full_name: text('Letters and spaces, at least 2 characters', {
    maxLength: TEXT_MAX_LENGTH.full_name,
  }),
  contact_number: text('10 digits, the first 6-9', { maxLength: FIELD_MAX_LENGTH.contact_number }),
  alternative_contact_number: nullable(
    text('Optional: absent, empty, null, or 10 digits, the first 6-9', {
      maxLength: FIELD_MAX_LENGTH.alternative_contact_number,
    }),
  ),
  aadhaar_number: text('12 digits with a valid check digit; spaces between groups of 4 allowed', {
    maxLength: FIELD_MAX_LENGTH.aadhaar_number,
  }),
  pan_number: text('5 capital letters, 4 digits, 1 capital letter', {
    maxLength: FIELD_MAX_LENGTH.pan_number,
  }),
  bank_name: text('At least 2 characters', { maxLength: TEXT_MAX_LENGTH.bank_name }),
  account_number: text('9-18 digits'),
  ifsc_code: text('4 capital letters, 0, then 6 capital letters or digits', {
    maxLength: FIELD_MAX_LENGTH.ifsc_code,
  }),
  full_address: text('At least 10 characters', { maxLength: TEXT_MAX_LENGTH.full_address }),
  city: text('Letters and spaces, at least 2 characters', {
    maxLength: TEXT_MAX_LENGTH.city,
  }),
  state: { type: 'string', enum: [...INDIAN_STATES] },
  pin_code: text('6 digits, the first 1-9', { maxLength: FIELD_MAX_LENGTH.pin_code }),
  loan_type: { type: 'string', enum: [...LOAN_TYPES] },
  loan_amount: text('Whole rupees as digits, no leading zero, at most 10,00,000', {
    maxLength: FIELD_MAX_LENGTH.loan_amount,
  }),
  consent_notice_version: text(
    "The privacy notice accepted: /config.json's privacyNoticeVersion, else 400 'Please accept the privacy notice to continue.'",
  ),
};

// The consent travels with the payload but is a record kept beside the profile, not part of it.
const { consent_notice_version: _consent, ...storedProfileFields } = profileBodyFields;

const profileBody = {
  ...objectOf<ProfilePayload>(profileBodyFields, ['alternative_contact_number']),
  description: "Validated with the registration form's own rules and messages (spec section 5).",
};

const loanAmount = { type: ['integer', 'string'], description: 'Whole rupees' };
const submittedAt = {
  type: ['string', 'null'],
  format: 'date-time',
  description: 'The payment time once paid; the creation time while still a draft',
};

const application = objectOf<Application>(
  {
    application_id: integer,
    status: text('draft, pending_payment, paid, or a later status'),
    submitted_at: submittedAt,
    history: {
      type: 'array',
      description: "Oldest first: each status the application reached, and a rejection's reason",
      items: objectOf<ClientHistoryEntry>(
        { status: string, at: { type: 'string', format: 'date-time' }, reason: nullable(string) },
        ['reason'],
      ),
    },
    profile: objectOf<ApplicationProfile>(
      {
        ...storedProfileFields,
        aadhaar_number: text('12 digits, without spaces'),
        loan_amount: loanAmount,
      },
      ['alternative_contact_number'],
    ),
  },
  ['history'],
);

const registration = objectOf<Registration>({
  id: integer,
  status: string,
  delivered: { type: 'boolean' },
});

const applicantPage = objectOf<Paginated<ApplicantProfile>>({
  results: {
    type: 'array',
    items: objectOf<ApplicantProfile>(
      {
        id: integer,
        full_name: string,
        contact_number: string,
        loan_amount: loanAmount,
        loan_type: string,
        pan_number: string,
        aadhaar_number: text('12 digits, in full: staff process the application with it'),
        bank_name: string,
        account_number: text('In full, as for the Aadhaar number'),
        ifsc_code: string,
        registration: nullable(registration),
      },
      ['registration'],
    ),
  },
  pagination: objectOf<Pagination>({
    current_page: integer,
    page_size: integer,
    total_items: integer,
    total_pages: integer,
  }),
});

const dashboard = objectOf<DashboardData>({
  total_applicants: integer,
  donut_chart: {
    type: 'object',
    description: 'Status name -> number of registrations',
    additionalProperties: integer,
  },
  bar_chart: {
    type: 'array',
    description: 'Registrations per month of this Asia/Kolkata year',
    items: objectOf<MonthlyCount>({
      month: { type: 'integer', minimum: 1, maximum: 12 },
      count: integer,
    }),
  },
  last_five_registrations: {
    type: 'array',
    items: objectOf<DashboardRegistration>({
      id: integer,
      status: string,
      submitted_at: submittedAt,
      profile: objectOf<DashboardRegistration['profile']>({
        full_name: string,
        contact_number: string,
      }),
    }),
  },
});

const filterFields: Fields<Omit<ExportProfilesParams, 'full_numbers'>> = {
  search: text('Part of a name, contact number, alternative contact number or PAN', {
    maxLength: MAX_SEARCH_LENGTH,
  }),
  from_date: text(
    `First day, inclusive (YYYY-MM-DD, Asia/Kolkata; ${FIRST_DATE} to ${LAST_DATE})`,
    {
      format: 'date',
    },
  ),
  to_date: text(`Last day, inclusive (YYYY-MM-DD, Asia/Kolkata; ${FIRST_DATE} to ${LAST_DATE})`, {
    format: 'date',
  }),
  status: text(`Comma-separated statuses (${APPLICATION_STATUSES.join(', ')})`),
};

const listQuery = objectOf<ListProfilesParams>(
  {
    page: { type: 'integer', minimum: 1, default: 1 },
    page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
    ...filterFields,
  },
  ['page', 'page_size', 'search', 'from_date', 'to_date', 'status'],
);

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const routeSchemas = {
  saveProfile: {
    tags: ['registration'],
    summary: 'Create or update my profile (frozen once the application is paid)',
    security,
    body: profileBody,
    response: {
      200: { ...application, description: 'Updated' },
      201: { ...application, description: 'Created, with a draft registration' },
      ...errorResponses(400, 401, 409, 413, 415, 500),
    },
  },
  registrationStatus: {
    tags: ['registration'],
    summary: 'Whether I have an application',
    security,
    response: {
      200: {
        ...objectOf<RegistrationStatusResponse>(
          { exists: { type: 'boolean' }, application: nullable(application) },
          ['application'],
        ),
        description: '`application` is null when there is none',
      },
      ...errorResponses(401, 500),
    },
  },
  application: {
    tags: ['registration'],
    summary: 'My application',
    security,
    response: {
      200: { ...application, description: 'My application' },
      ...errorResponses(401, 404, 500),
    },
  },
  listProfiles: {
    tags: ['back office'],
    summary: 'Applicants, newest first',
    security,
    querystring: listQuery,
    response: {
      200: { ...applicantPage, description: 'One page of applicants' },
      ...errorResponses(400, 401, 403, 500),
    },
  },
  dashboard: {
    tags: ['back office'],
    summary: 'Dashboard figures',
    security,
    response: { 200: { ...dashboard, description: 'Figures' }, ...errorResponses(401, 403, 500) },
  },
  exportProfiles: {
    tags: ['back office'],
    summary: 'Applicants as .xlsx (streamed)',
    security,
    querystring: objectOf<ExportProfilesParams>(
      {
        ...filterFields,
        full_numbers: {
          type: 'string',
          enum: ['true', 'false'],
          description: 'true: full Aadhaar and account numbers (superusers only, audited)',
        },
      },
      ['search', 'from_date', 'to_date', 'status', 'full_numbers'],
    ),
    response: {
      200: {
        description:
          'The workbook; Content-Disposition names it Profiles_{from_date or start}_to_{to_date or end}.xlsx',
        content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
      },
      ...errorResponses(400, 401, 403, 500),
    },
  },
  toggleDelivered: {
    tags: ['back office'],
    summary: 'Flip the delivered flag',
    security,
    params: objectOf<{ id: number }>({
      id: { type: 'integer', minimum: 1, description: 'The registration id' },
    }),
    response: {
      200: {
        ...objectOf<ToggleDeliveredResponse>({
          id: integer,
          delivered: { type: 'boolean' },
        }),
        description: 'The registration and its new flag',
      },
      ...errorResponses(401, 403, 404, 500),
    },
  },
};
