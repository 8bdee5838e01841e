import {
  defaultStorage,
  LOCALES,
  type Locale,
  type RuntimeConfig,
  STORAGE_KEYS,
} from '@loan-portal/api-client';
import '@loan-portal/ui-kit/tokens.css';
import { findPaintedFields } from '../lib/painted-fields';
import { AccountLanguage } from './account-language';
import { ApiProvider } from './api-context';
import { ConfigContext } from './config-context';
import { loadCatalog } from './i18n';
import { LocaleProvider } from './locale-provider';
import { ClientRoutes, preloadPage } from './routes';
import { SessionProvider } from './session-provider';

export interface AppProps {
  config: RuntimeConfig;
  /**
   * The language to render in (the server's prerender of each language; 'pseudo' is the tests'
   * pseudo-locale); else the device's.
   */
  locale?: Locale | 'pseudo';
}

/** Exposed as client_portal/App. Renders relative routes; the host's router owns the URL. */
export function App({ config, locale }: AppProps) {
  // Before this render is committed over the copy the HTML painted: what was typed into it.
  findPaintedFields();
  return (
    <ConfigContext.Provider value={config}>
      <LocaleProvider initialLocale={locale}>
        <ApiProvider baseURL={config.apiBaseUrl}>
          <SessionProvider>
            <AccountLanguage />
            <ClientRoutes />
          </SessionProvider>
        </ApiProvider>
      </LocaleProvider>
    </ConfigContext.Provider>
  );
}

// Module federation consumers import the default export of an exposed module.
export default App;

/**
 * The shell awaits this before its first render (issue 17): the page of `pathname` is then ready,
 * so the first render replaces what the server painted with that page, never a loading screen.
 * The page's files were preloaded with the HTML; this only waits for them.
 */
export function preload(pathname: string): Promise<void> {
  const signedIn = defaultStorage().getItem(STORAGE_KEYS.client.accessToken) !== null;
  return preloadPage(pathname, signedIn);
}

/**
 * For the build's prerender (build-config/page-hints.mjs): the languages to paint the signed-out pages
 * in (English first, the default), and how to have one's texts ready before rendering it.
 */
export const PRERENDER_LOCALES = LOCALES;
export async function prepareLocale(locale: Locale): Promise<void> {
  await loadCatalog(locale);
}
