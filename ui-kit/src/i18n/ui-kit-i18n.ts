import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { messages as sharedEnglish } from '@loan-portal/api-client/locales/en';
import { useContext } from 'react';
import { messages as english } from '../locales/en';

/**
 * ui-kit's words in English, bundled: the portals render their first screen (and the server its
 * prerendered copy) without waiting for a catalog. Other locales load when they are used.
 */
export const uiKitEnglish: Messages = english;

/** The ui-kit catalog of a locale ('en', 'hi'); Hindi is its own chunk. */
export async function loadUiKitCatalog(locale: string): Promise<Messages> {
  if (locale === 'hi') return (await import('../locales/hi')).messages;
  return english;
}

// An app without an I18nProvider (the back office, a story) still reads English, including the
// shared validation messages its fields receive as ids from the yup rules.
const standalone = setupI18n({ locale: 'en', messages: { en: { ...sharedEnglish, ...english } } });

/** The app's Lingui instance when it has an I18nProvider, else English; re-renders on a switch. */
export function useUiKitI18n(): I18n {
  return useContext(LinguiContext)?.i18n ?? standalone;
}

/**
 * A status in the client's words ('Under review' / 'समीक्षाधीन') when the app's catalogs know
 * `status.<status>` (the shared catalog), else `fallback` as it came.
 */
export function knownText(i18n: I18n, id: string, fallback: string): string {
  return id in i18n.messages ? i18n._(id) : fallback;
}
