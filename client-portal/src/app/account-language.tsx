import { useEffect, useRef } from 'react';
import { useApi } from './api-context';
import { storedLocale } from './i18n';
import { useLocale } from './locale-context';
import { useSession } from './session-context';

/**
 * Keeps the signed-in client's account language (which their SMS use) in step with the screen:
 * a device that never chose a language takes the account's on sign-in; otherwise the device's
 * choice, and every later switch, is saved on the account. Renders nothing.
 */
export function AccountLanguage() {
  const api = useApi();
  const { user } = useSession();
  const { locale, setLocale } = useLocale();
  const saved = useRef<string | undefined>(undefined);
  const userId = user?.id;
  const accountLanguage = user?.preferred_language;

  useEffect(() => {
    if (userId === undefined) {
      saved.current = undefined;
      return;
    }
    if (saved.current === undefined) {
      // First sight of this signed-in user.
      saved.current = accountLanguage ?? 'en';
      if (accountLanguage && accountLanguage !== locale && storedLocale() === null) {
        void setLocale(accountLanguage);
        return;
      }
    }
    if (locale === saved.current || (locale !== 'en' && locale !== 'hi')) return;
    saved.current = locale;
    api.setLanguage(locale).catch((error: unknown) => {
      saved.current = undefined;
      console.error('Could not save the language on the account', error);
    });
  }, [api, userId, accountLanguage, locale, setLocale]);

  return null;
}
