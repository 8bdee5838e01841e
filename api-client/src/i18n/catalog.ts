import type { Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

/**
 * The shared catalog of a locale (validation, error, message and status ids), compiled from
 * src/locales/<locale>.po. Each locale is its own chunk, loaded only when that locale is used.
 */
export async function loadSharedCatalog(locale: Locale): Promise<Messages> {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const { messages } =
    chosen === 'hi' ? await import('../locales/hi') : await import('../locales/en');
  return messages;
}
