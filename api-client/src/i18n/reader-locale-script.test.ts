import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { INLINE_CONFIG_ID } from '../runtime-config';
import type { KeyValueStorage } from '../session/storage';
import { cookieLocale, LOCALE_COOKIE_ATTRIBUTE, readStoredLocale } from './preference';
import { READER_LOCALE_FUNCTION } from './reader-locale-script';

/** What a page can hold before any module runs: storage, the server's cookie copy, the cookie. */
interface Reader {
  /** undefined: nothing stored; 'throws': storage blocked. */
  stored: string | undefined | 'throws';
  /** undefined: no copy on the config element (a page the server did not render). */
  copy: string | undefined;
  cookie: string;
  configElement: boolean;
}

function pageOf(reader: Reader) {
  const storage: KeyValueStorage = {
    getItem: () => {
      if (reader.stored === 'throws') throw new Error('SecurityError');
      return reader.stored ?? null;
    },
    setItem: () => undefined,
    removeItem: () => undefined,
  };
  const config = {
    getAttribute: (name: string) =>
      name === LOCALE_COOKIE_ATTRIBUTE && reader.copy !== undefined ? reader.copy : null,
  };
  const document = {
    cookie: reader.cookie,
    getElementById: (id: string) =>
      id === INLINE_CONFIG_ID && reader.configElement ? config : null,
  };
  return { storage, document };
}

describe('READER_LOCALE_FUNCTION (the inline scripts’ language)', () => {
  const readers: Reader[] = [];
  for (const stored of [undefined, 'en', 'hi', 'fr', 'throws'] as const) {
    for (const copy of [undefined, '', 'en', 'hi', 'xx']) {
      for (const cookie of ['', 'lang=hi', 'a=1; lang=en', 'lang=hi; b=2', 'xlang=hi']) {
        for (const configElement of [true, false]) {
          readers.push({ stored, copy, cookie, configElement });
        }
      }
    }
  }

  it('decides as the portal does, in every case a page can be in', () => {
    for (const reader of readers) {
      const { storage, document } = pageOf(reader);
      const portal =
        readStoredLocale(storage) ?? cookieLocale(document as unknown as Document) ?? 'en';
      const script = runInNewContext(`(${READER_LOCALE_FUNCTION})()`, {
        localStorage: storage,
        document,
      });
      expect({ reader, language: script }).toEqual({ reader, language: portal });
    }
  });

  it('reads the stored choice first, then the server’s copy, and the cookie only without one', () => {
    const run = (reader: Reader) => {
      const { storage, document } = pageOf(reader);
      return runInNewContext(`(${READER_LOCALE_FUNCTION})()`, { localStorage: storage, document });
    };
    expect(run({ stored: 'en', copy: 'hi', cookie: 'lang=hi', configElement: true })).toBe('en');
    expect(run({ stored: undefined, copy: 'hi', cookie: '', configElement: true })).toBe('hi');
    // The copy says the page came without a cookie: the cookie is not read again.
    expect(run({ stored: undefined, copy: '', cookie: 'lang=hi', configElement: true })).toBe('en');
    expect(
      run({ stored: 'throws', copy: undefined, cookie: 'lang=hi', configElement: false }),
    ).toBe('hi');
  });
});
