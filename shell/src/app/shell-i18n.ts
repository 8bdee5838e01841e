import { setupI18n } from '@lingui/core';
import { cookieLocale, intlLocale, portalForPath, readStoredLocale } from '@loan-portal/api-client';
import { messages as english } from '../locales/en';

/**
 * The shell's few words (loading, load errors). English is bundled; a client who chose Hindi
 * gets the Hindi chunk before the shell renders anything. The back office stays English.
 */
export const i18n = setupI18n({ locale: 'en', messages: { en: english } });

async function activate(locale: 'en' | 'hi'): Promise<void> {
  if (i18n.locale === locale) return;
  if (locale === 'en') {
    i18n.activate('en');
    return;
  }
  try {
    const { messages } = await import('../locales/hi');
    i18n.loadAndActivate({ locale: 'hi', messages });
  } catch (error) {
    console.error('Could not load the Hindi boot texts', error);
  }
}

/**
 * Switches the boot texts to the reader's language when the page is a client page: the device's
 * choice, else the `lang` cookie, as the client portal and the server's boot screen read it.
 */
export async function activateBootLocale(pathname: string): Promise<void> {
  if (portalForPath(pathname) !== 'client_portal') return;
  if ((readStoredLocale() ?? cookieLocale()) !== 'hi') return;
  await activate('hi');
  if (i18n.locale === 'hi') document.documentElement.lang = intlLocale('hi');
}

/**
 * Keeps the boot texts (a later loading screen or load error) in the language the client portal
 * switched to: the portal sets `<html lang>`, the shell follows it. Returns the unsubscribe.
 */
export function followPageLanguage(doc: Document = document): () => void {
  const observer = new MutationObserver(() => {
    if (portalForPath(doc.defaultView?.location.pathname ?? '/') !== 'client_portal') return;
    void activate(doc.documentElement.lang.toLowerCase().startsWith('hi') ? 'hi' : 'en');
  });
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}
