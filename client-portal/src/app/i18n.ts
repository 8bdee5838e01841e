/*
 * The client portal's languages (issue 16): which locale a visitor reads, where that choice is
 * remembered, and the catalogs of each locale. English is bundled so that /login (and the
 * server's prerendered copy) paints in the first render; Hindi is three chunks (shared, ui-kit,
 * portal) fetched only when it is used. A Hindi reader's catalogs are fetched while this module
 * loads (top-level await), so the first render of a returning Hindi reader is Hindi too.
 */
import type { I18n, MessageDescriptor, Messages } from '@lingui/core';
import {
  cookieLocale,
  DEFAULT_LOCALE,
  INLINE_CONFIG_ID,
  LOCALE_COOKIE_ATTRIBUTE,
  type Locale,
  loadSharedCatalog,
  localeCookie,
  readStoredLocale,
  storeLocale,
} from '@loan-portal/api-client';
import { messages as sharedEnglish } from '@loan-portal/api-client/locales/en';
import { knownText, loadUiKitCatalog, uiKitEnglish } from '@loan-portal/ui-kit';
import { messages as clientEnglish } from '../locales/en';

const catalogs = new Map<string, Messages>([
  [DEFAULT_LOCALE, { ...sharedEnglish, ...uiKitEnglish, ...clientEnglish }],
]);

async function loadClientCatalog(locale: Locale): Promise<Messages> {
  return locale === 'hi' ? (await import('../locales/hi')).messages : clientEnglish;
}

/** The merged catalog of a locale once loaded (English always is). */
export function loadedCatalog(locale: string): Messages | undefined {
  return catalogs.get(locale);
}

/** Loads (once) and merges the shared, ui-kit and portal catalogs of a locale. */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  const known = catalogs.get(locale);
  if (known) return known;
  const [shared, kit, own] = await Promise.all([
    loadSharedCatalog(locale),
    loadUiKitCatalog(locale),
    loadClientCatalog(locale),
  ]);
  const merged = { ...shared, ...kit, ...own };
  catalogs.set(locale, merged);
  return merged;
}

/** Adds a catalog made elsewhere (the pseudo-locale of the tests). */
export function registerCatalog(locale: string, messages: Messages) {
  catalogs.set(locale, messages);
}

/** The locale this device chose, if it ever chose one (localStorage, else the `lang` cookie). */
export function storedLocale(): Locale | null {
  return readStoredLocale() ?? cookieLocale();
}

/** Remembers the choice on this device: localStorage for the app, a cookie for the server. */
export function rememberLocale(locale: Locale) {
  storeLocale(locale);
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = localeCookie(locale);
  // The page's copy of the cookie (cookieLocale reads it) follows, should the storage above fail.
  document.getElementById(INLINE_CONFIG_ID)?.setAttribute(LOCALE_COOKIE_ATTRIBUTE, locale);
}

/**
 * The text to show for a message id, or for a text that is not one (a server's message, already
 * in the caller's language) unchanged.
 */
export function textOf(i18n: I18n, idOrText: string | MessageDescriptor): string {
  if (typeof idOrText === 'string') return knownText(i18n, idOrText, idOrText);
  return idOrText.id in i18n.messages ? i18n._(idOrText) : idOrText.id;
}

// A returning Hindi reader: fetch the catalogs before the first render (the shell waits for this
// module before it renders the portal over the server's copy of the page). A failed fetch leaves
// English, and the switch can try again.
const initial = storedLocale();
if (initial && initial !== DEFAULT_LOCALE) {
  await loadCatalog(initial).catch((error: unknown) => {
    console.error(`Could not load the ${initial} texts`, error);
  });
}
