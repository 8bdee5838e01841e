import { ValidationError } from 'yup';
import { HttpError } from '../../plugins/error-handler';
import { isIsoDate } from './dates';
import type { ListFilters, ListQuery } from './service';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
const MAX_SEARCH_LENGTH = 100;

type RawQuery = Record<string, unknown>;

/** The one message per field of a yup ValidationError (the first failing rule wins). */
export function validationErrors(error: ValidationError): Record<string, string> {
  const errors: Record<string, string> = {};
  const items = error.inner.length > 0 ? error.inner : [error];
  for (const item of items) {
    const field = item.path ?? '';
    if (field && !errors[field]) errors[field] = item.message;
  }
  return errors;
}

/** Runs a yup schema; a failure becomes 400 `{ message, errors: { field: message } }`. */
export async function validateBody<T>(
  schema: { validate(value: unknown, options: { abortEarly: false }): Promise<T> },
  body: unknown,
): Promise<T> {
  try {
    return await schema.validate(body ?? {}, { abortEarly: false });
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
  const from = single(query, 'from_date') || undefined;
  const to = single(query, 'to_date') || undefined;
  for (const [key, value] of [
    ['from_date', from],
    ['to_date', to],
  ] as const) {
    if (value !== undefined && !isIsoDate(value)) {
      throw new HttpError(400, `${key} must be a date in YYYY-MM-DD format`);
    }
  }
  if (from && to && from > to) throw new HttpError(400, 'from_date must not be after to_date');
  return { search, range: { from, to } };
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
