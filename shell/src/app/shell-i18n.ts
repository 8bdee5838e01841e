import { setupI18n } from '@lingui/core';
import { intlLocale, portalForPath, readStoredLocale } from '@loan-portal/api-client';
import { messages as english } from '../locales/en';

/**
 * The shell's few words (loading, load errors). English is bundled; a client who chose Hindi
 * gets the Hindi chunk before the shell renders anything. The back office stays English.
 */
export const i18n = setupI18n({ locale: 'en', messages: { en: english } });

/** Switches the boot texts to the device's language when the page is a client page. */
export async function activateBootLocale(pathname: string): Promise<void> {
  if (portalForPath(pathname) !== 'client_portal' || readStoredLocale() !== 'hi') return;
  try {
    const { messages } = await import('../locales/hi');
    i18n.loadAndActivate({ locale: 'hi', messages });
    document.documentElement.lang = intlLocale('hi');
  } catch (error) {
    console.error('Could not load the Hindi boot texts', error);
  }
}
