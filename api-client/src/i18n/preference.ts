import { INLINE_CONFIG_ID } from '../runtime-config';
import { defaultStorage, type KeyValueStorage, STORAGE_KEYS } from '../session/storage';
import { isLocale, type Locale } from './locales';

/** The cookie that tells the server the device's language (prerendered pages, first SMS). */
export const LOCALE_COOKIE = 'lang';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The device's remembered language, or null when none (or an unknown value) is stored. */
export function readStoredLocale(storage: KeyValueStorage = defaultStorage()): Locale | null {
  try {
    const value = storage.getItem(STORAGE_KEYS.locale);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the device's language; a full or blocked storage only loses the memory. */
export function storeLocale(locale: Locale, storage: KeyValueStorage = defaultStorage()): void {
  try {
    storage.setItem(STORAGE_KEYS.locale, locale);
  } catch (error) {
    console.warn(`Could not store ${STORAGE_KEYS.locale}`, error);
  }
}

/**
 * The attribute of the page's inline config (`#lp-runtime-config`) in which the server writes the
 * `lang` cookie it received with the page ('' for none). Reading `document.cookie` is a
 * synchronous round trip to the browser's network process: 26-29 ms on a fast machine before the
 * first paint, four times that on a phone (issue 17). The page's own copy costs nothing.
 */
export const LOCALE_COOKIE_ATTRIBUTE = 'data-lang-cookie';

/**
 * The `lang` cookie's language as the page was requested with it (the server's copy, else the
 * cookie itself), or null. Valid until the page changes the cookie, which it only does beside
 * storeLocale(), so read the stored locale first.
 */
export function cookieLocale(doc: Document | undefined = globalThis.document): Locale | null {
  if (!doc) return null;
  const copy = doc.getElementById(INLINE_CONFIG_ID)?.getAttribute(LOCALE_COOKIE_ATTRIBUTE);
  const value =
    copy ?? new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(doc.cookie)?.[1] ?? null;
  return isLocale(value) ? value : null;
}

/** The `document.cookie` assignment for the language cookie: `lang=hi; Path=/; ...; 1 year`. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
