import type { AuditEntry, Pagination } from '@loan-portal/api-client';
import { AUDIT_ACTIONS } from '@loan-portal/api-client';
import { nullable, objectOf } from '../../lib/json-schema';
import { HttpError } from '../../plugins/error-handler';
import { parseFilters } from '../registration/schemas';
import type { AuditFilters } from './query';

export const AUDIT_DEFAULT_PAGE_SIZE = 25;
export const AUDIT_MAX_PAGE_SIZE = 100;
const ACTION_PATTERN = /^[a-z_]{1,30}(\.[a-z_]{1,30}){1,3}$/;

type RawQuery = Record<string, unknown>;

function single(query: RawQuery, key: string): string | undefined {
  const value = query[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${key} must be given once`);
  return value.trim() || undefined;
}

function positiveInteger(query: RawQuery, key: string, fallback: number): number {
  const raw = single(query, key);
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new HttpError(400, `${key} must be a positive whole number`);
  }
  return Number(raw);
}

export interface ParsedAuditQuery {
  range: AuditFilters['range'];
  action?: string;
  actor?: string;
  applicantId?: number;
}

/**
 * actor, action, applicant, from_date, to_date. The action must be one the trail knows (listed in
 * the api-client, or already recorded: `isRecorded`), so a typo is a 400, not an empty page.
 */
export async function parseAuditFilters(
  query: RawQuery,
  isRecorded: (action: string) => Promise<boolean>,
): Promise<ParsedAuditQuery> {
  // The same day rules and messages as the applicants list (Kolkata days, YYYY-MM-DD).
  const { range } = parseFilters({ from_date: query.from_date, to_date: query.to_date });
  const action = single(query, 'action');
  if (
    action !== undefined &&
    (!ACTION_PATTERN.test(action) ||
      (!AUDIT_ACTIONS.includes(action) && !(await isRecorded(action))))
  ) {
    throw new HttpError(400, 'action is not an action of the audit trail');
  }
  const actor = single(query, 'actor');
  if (actor !== undefined && (actor.length > 150 || actor.includes('\u0000'))) {
    throw new HttpError(400, 'actor must be a staff username');
  }
  const applicant = single(query, 'applicant');
  if (
    applicant !== undefined &&
    (!/^\d{1,10}$/.test(applicant) || Number(applicant) < 1 || Number(applicant) > 2_147_483_647)
  ) {
    throw new HttpError(400, 'applicant must be an application id');
  }
  return {
    range,
    action,
    actor,
    applicantId: applicant === undefined ? undefined : Number(applicant),
  };
}

export function parsePaging(query: RawQuery): { page: number; pageSize: number } {
  const page = positiveInteger(query, 'page', 1);
  const pageSize = positiveInteger(query, 'page_size', AUDIT_DEFAULT_PAGE_SIZE);
  if (pageSize > AUDIT_MAX_PAGE_SIZE) {
    throw new HttpError(400, `page_size must be at most ${AUDIT_MAX_PAGE_SIZE}`);
  }
  return { page, pageSize };
}

// --- JSON schemas (OpenAPI and the serializer); validation is the parsers' above.

const string = { type: 'string' };
const integer = { type: 'integer' };
const day = (description: string) => ({ type: 'string', description });

export const auditQuerySchema = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, description: 'Page, from 1' },
    page_size: { type: 'integer', minimum: 1, maximum: AUDIT_MAX_PAGE_SIZE },
    actor: { type: 'string', description: 'A staff username, exactly' },
    action: { type: 'string', description: 'An action, e.g. applicant.number_revealed' },
    applicant: { type: 'integer', minimum: 1, description: 'An application (registration) id' },
    from_date: day('First day, inclusive (YYYY-MM-DD, Asia/Kolkata)'),
    to_date: day('Last day, inclusive (YYYY-MM-DD, Asia/Kolkata)'),
  },
};

const { page: _page, page_size: _size, ...filterProperties } = auditQuerySchema.properties;
export const auditExportQuerySchema = { type: 'object', properties: filterProperties };

export const auditEntrySchema = objectOf<AuditEntry>({
  id: integer,
  created_at: { type: 'string', format: 'date-time' },
  action: string,
  actor: nullable({
    type: 'object',
    properties: { id: integer, username: nullable(string) },
    required: ['id', 'username'],
  }),
  applicant_id: nullable(integer),
  subject: nullable(string),
  details: nullable({ type: 'object', additionalProperties: true }),
  ip: string,
});

export const paginationSchema = objectOf<Pagination>({
  current_page: integer,
  page_size: integer,
  total_items: integer,
  total_pages: integer,
});
