import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '@loan-portal/api-client';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadCatalog, loadedCatalog, rememberLocale, storedLocale } from './i18n';
import { LocaleContext, type LocaleValue } from './locale-context';

interface LocaleProviderProps {
  children: ReactNode;
  /** The locale to start in (the server's prerender, a test); the device's choice otherwise. */
  initialLocale?: Locale | 'pseudo';
}

/**
 * One Lingui instance for the portal. It starts in the device's language when that catalog is
 * already loaded (English always is), else in English until it arrives; a switch loads the new
 * catalog first, so the screen changes language in one step. `<html lang>` follows.
 */
export function LocaleProvider({ children, initialLocale }: LocaleProviderProps) {
  const [wanted] = useState(() => initialLocale ?? storedLocale() ?? DEFAULT_LOCALE);
  const [i18n] = useState(() => {
    const instance = setupI18n();
    const start = loadedCatalog(wanted) ? wanted : DEFAULT_LOCALE;
    instance.loadAndActivate({ locale: start, messages: loadedCatalog(start)! });
    return instance;
  });
  const [locale, setLocaleState] = useState(i18n.locale as Locale);
  const latest = useRef(0);

  const activate = useCallback(
    async (next: Locale) => {
      const request = ++latest.current;
      const messages = await loadCatalog(next);
      // A later switch wins over an earlier one still loading.
      if (request !== latest.current) return;
      i18n.loadAndActivate({ locale: next, messages });
      setLocaleState(next);
    },
    [i18n],
  );

  const setLocale = useCallback(
    async (next: Locale) => {
      rememberLocale(next);
      try {
        await activate(next);
      } catch (error) {
        console.error(`Could not load the ${next} texts`, error);
      }
    },
    [activate],
  );

  // The device's language whose catalog was not loaded at start (a test, a failed first fetch).
  useEffect(() => {
    if (wanted !== i18n.locale && wanted !== 'pseudo') {
      activate(wanted).catch((error: unknown) => {
        console.error(`Could not load the ${wanted} texts`, error);
      });
    }
  }, [wanted, i18n, activate]);

  useEffect(() => {
    document.documentElement.lang = locale === 'hi' ? intlLocale('hi') : intlLocale('en');
  }, [locale]);

  const value = useMemo<LocaleValue>(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <I18nProvider i18n={i18n}>
      <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>
    </I18nProvider>
  );
}
