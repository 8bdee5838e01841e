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

/** The `document.cookie` assignment for the language cookie: `lang=hi; Path=/; ...; 1 year`. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
