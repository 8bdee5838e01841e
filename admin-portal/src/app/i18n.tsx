/*
 * The back office's words (issue 16): English only, from Lingui message ids like the client
 * portal's, so that another language needs catalogs and a locale, not a rewrite. One instance
 * holds the shared (api-client), ui-kit and admin English catalogs, so a ui-kit component or a
 * shared validation id reads the same under this provider as without one.
 *
 * The admin catalog here (src/locales/en.ts) holds the frame's and the login page's words only.
 * Each lazy staff screen has its own (src/locales/<screen>.en.ts, lingui.config.ts), which the
 * screen's module adds with addAdminCatalog when its chunk loads: the login page downloads none
 * of their words.
 */
import { type Messages, setupI18n } from '@lingui/core';
import { I18nProvider, LinguiContext } from '@lingui/react';
import { messages as sharedEnglish } from '@loan-portal/api-client/locales/en';
import { uiKitEnglish } from '@loan-portal/ui-kit';
import { type ReactNode, useContext } from 'react';
import { messages as adminEnglish } from '../locales/en';

export const ADMIN_LOCALE = 'en';

// The English never changes at run time, so one instance serves the portal, and a screen rendered
// on its own (a component test) reads the same words without the provider.
const adminI18n = setupI18n({
  locale: ADMIN_LOCALE,
  messages: { [ADMIN_LOCALE]: { ...sharedEnglish, ...uiKitEnglish, ...adminEnglish } },
});

const added = new WeakSet<Messages>();

/**
 * A lazy screen's catalog, called at the top of the screen's module: its words are in place
 * before the screen first renders. Adding the same catalog again does nothing.
 */
export function addAdminCatalog(messages: Messages) {
  if (added.has(messages)) return;
  added.add(messages);
  adminI18n.load(ADMIN_LOCALE, messages);
}

/** The portal's Lingui instance: `i18n._('admin.id')` gives the screen's text. */
export function useAdminI18n() {
  return useContext(LinguiContext)?.i18n ?? adminI18n;
}

export function AdminI18nProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={adminI18n}>{children}</I18nProvider>;
}
