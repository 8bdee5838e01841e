import type { Locale } from '@loan-portal/api-client';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestLocale } from './request-locale';
import { localize } from './translator';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Might this answer carry a text to translate? Cheap, so English answers cost next to nothing. */
function carriesMessages(payload: Record<string, unknown>): boolean {
  return typeof payload.message === 'string' || isRecord(payload.errors);
}

/**
 * `{ message, errors }` of an answer in `locale`. Other fields are data, never touched: a name
 * or an address that happens to read like a message stays what the client typed.
 */
export function localizeAnswer<T extends Record<string, unknown>>(payload: T, locale: Locale): T {
  const out: Record<string, unknown> = { ...payload };
  if (typeof payload.message === 'string') out.message = localize(locale, payload.message);
  if (isRecord(payload.errors)) {
    out.errors = Object.fromEntries(
      Object.entries(payload.errors).map(([field, text]) => [
        field,
        typeof text === 'string' ? localize(locale, text) : text,
      ]),
    );
  }
  return out as T;
}

/**
 * Issue 16: the messages of every JSON answer (errors, validation, confirmations) in the
 * caller's language (requestLocale). Runs before serialization, so the error handler and the
 * routes keep saying things once, in English or as message ids.
 */
export const i18nPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (!isRecord(payload) || !carriesMessages(payload)) return payload;
      return localizeAnswer(payload, requestLocale(request));
    });
  },
  { name: 'i18n' },
);
