/*
 * The back office's words (issue 16): English only, from Lingui message ids like the client
 * portal's, so that another language needs a catalog and a locale, not a rewrite. One instance
 * holds the shared (api-client), ui-kit and admin English catalogs, so a ui-kit component or a
 * shared validation id reads the same under this provider as without one.
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider, LinguiContext } from '@lingui/react';
import { messages as sharedEnglish } from '@loan-portal/api-client/locales/en';
import { uiKitEnglish } from '@loan-portal/ui-kit';
import { type ReactNode, useContext, useState } from 'react';
import { messages as adminEnglish } from '../locales/en';

export const ADMIN_LOCALE = 'en';

export function adminI18n() {
  return setupI18n({
    locale: ADMIN_LOCALE,
    messages: { [ADMIN_LOCALE]: { ...sharedEnglish, ...uiKitEnglish, ...adminEnglish } },
  });
}

// A screen rendered on its own (a component test) reads the same English without the provider.
const standalone = adminI18n();

/** The portal's Lingui instance: `i18n._('admin.id')` gives the screen's text. */
export function useAdminI18n() {
  return useContext(LinguiContext)?.i18n ?? standalone;
}

export function AdminI18nProvider({ children }: { children: ReactNode }) {
  const [i18n] = useState(adminI18n);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
