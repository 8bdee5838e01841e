import { INLINE_CONFIG_ID } from '../runtime-config';
import { STORAGE_KEYS } from '../session/storage';
import { LOCALE_COOKIE, LOCALE_COOKIE_ATTRIBUTE } from './preference';

/**
 * The client's language as a page's inline scripts read it before any module has arrived, by the
 * portal's own rule (`readStoredLocale() ?? cookieLocale() ?? 'en'`, preference.ts): the device's
 * stored choice, else the `lang` cookie as the server copied it onto the config element (reading
 * `document.cookie` blocks the parser 26-29 ms), else the cookie itself, else English.
 *
 * The text of a classic function expression, `function () { return 'en' | 'hi'; }`, for the early
 * requests' and the stalled page's scripts to embed: one rule, where each had written its own. It
 * never throws (no storage, no config element).
 */
export const READER_LOCALE_FUNCTION = `function () {
      var stored = null;
      try {
        stored = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.locale)});
      } catch (error) {
        // No storage: the cookie decides.
      }
      if (stored === 'en' || stored === 'hi') return stored;
      var config = document.getElementById(${JSON.stringify(INLINE_CONFIG_ID)});
      var copy = config ? config.getAttribute(${JSON.stringify(LOCALE_COOKIE_ATTRIBUTE)}) : null;
      var cookie = copy !== null ? copy : (/(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)/.exec(document.cookie) || [])[1];
      return cookie === 'hi' ? 'hi' : 'en';
    }`;
