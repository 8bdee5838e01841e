import { DEFAULT_LOCALE, isLocale, type Locale, negotiateLocale } from '@loan-portal/api-client';
import type { FastifyRequest } from 'fastify';

/**
 * The locale an Accept-Language header asks for, when it names English or Hindi at all;
 * undefined for no header or only other languages ('fr-FR', '*').
 */
function askedLocale(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const locale = negotiateLocale(header);
  if (locale !== DEFAULT_LOCALE) return locale;
  return /(^|,)\s*en([-_][a-z0-9]+)?\s*(;\s*q=(0?\.\d*[1-9]|1(\.0*)?)\s*)?(,|$)/i.test(header)
    ? locale
    : undefined;
}

/**
 * The language of a request's answers. Staff: English (the admin portal is English). Others:
 * the language the request asks for (the API client sends the locale its screens show, so the
 * messages match the screen), else the signed-in client's account language, else English.
 * The screen wins over the account on purpose: on a phone switched to English, a Hindi account
 * must not get Hindi errors under English labels; the account language still picks the SMS.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const user = request.user;
  if (user?.portal === 'admin') return DEFAULT_LOCALE;
  const asked = askedLocale(request.headers['accept-language']);
  if (asked) return asked;
  if (user && isLocale(user.preferredLanguage)) return user.preferredLanguage;
  return DEFAULT_LOCALE;
}

/**
 * The language of a page the browser loads itself (the payment simulator's checkout in its
 * frame), where no API client sets a header: `?lang=`, else the device's `lang` cookie, else the
 * browser's Accept-Language.
 */
export function pageLocale(request: FastifyRequest): Locale {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(query)) return query;
  const cookie = request.cookies?.lang;
  if (isLocale(cookie)) return cookie;
  return negotiateLocale(request.headers['accept-language']);
}
