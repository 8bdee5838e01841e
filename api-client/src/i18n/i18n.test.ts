import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import { describe, expect, it, test } from 'vitest';
import { ValidationError } from 'yup';
import { INLINE_CONFIG_ID } from '../runtime-config';
import { VALIDATION_IDS, VALIDATION_MESSAGES, validationText } from '../validation/messages';
import { profileSchema } from '../validation/registration';
import { loadSharedCatalog } from './catalog';
import { formatDate, formatDateTime, formatMoney } from './format';
import { intlLocale, negotiateLocale } from './locales';
import { cookieLocale, LOCALE_COOKIE_ATTRIBUTE } from './preference';

/** msgid -> msgstr of a PO file (the catalogs have single-line entries). */
function readPo(locale: string): Map<string, string> {
  const text = readFileSync(
    fileURLToPath(new URL(`../locales/${locale}.po`, import.meta.url)),
    'utf8',
  );
  const entries = new Map<string, string>();
  for (const [, id, str] of text.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) {
    entries.set(id!, str!.replace(/\\"/g, '"').replace(/\\\\/g, '\\'));
  }
  return entries;
}

describe('negotiateLocale', () => {
  test.each([
    [undefined, 'en'],
    [null, 'en'],
    ['', 'en'],
    ['*', 'en'],
    ['hi', 'hi'],
    ['hi-IN', 'hi'],
    ['HI-in', 'hi'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['fr', 'en'],
    ['hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7', 'hi'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    ['fr-FR, hi;q=0.5', 'hi'],
    ['en;q=0.4, hi;q=0.6', 'hi'],
    ['hi;q=0, en;q=0.1', 'en'],
    ['hi;q=abc', 'en'],
  ] as const)('%j -> %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('maps locales to Intl locales', () => {
    expect(intlLocale('en')).toBe('en-IN');
    expect(intlLocale('hi')).toBe('hi-IN');
  });
});

describe('formatMoney, formatDate, formatDateTime', () => {
  it('keeps Indian grouping and the rupee sign in both locales', () => {
    expect(formatMoney(250000, 'en')).toBe('₹2,50,000');
    expect(formatMoney(250000, 'hi')).toBe('₹2,50,000');
    expect(formatMoney('1000000', 'hi')).toBe('₹10,00,000');
    expect(formatMoney(199, 'en', { paise: true })).toBe('₹199.00');
    expect(formatMoney(199, 'hi', { paise: true })).toBe('₹199.00');
    expect(formatMoney(null, 'en')).toBe('');
    expect(formatMoney('abc', 'hi')).toBe('');
  });

  it('writes IST dates with the locale month names', () => {
    // 20:00 UTC on 4 March is 01:30 on 5 March in India.
    const at = new Date('2026-03-04T20:00:00Z');
    expect(formatDate(at, 'en')).toBe('5 March 2026');
    expect(formatDate(at, 'hi')).toBe('5 मार्च 2026');
    expect(formatDateTime(at, 'en')).toMatch(/^5 March 2026.*1:30/);
    expect(formatDateTime(at, 'hi')).toMatch(/^5 मार्च 2026.*1:30/);
    // The client screens' short months (H1): '12 Mar 2025, 10:15 am', as before issue 16.
    expect(formatDate(at, 'en', { month: 'short' })).toBe('5 Mar 2026');
    expect(formatDateTime(at, 'en', { month: 'short' })).toMatch(/^5 Mar 2026, 1:30/);
    expect(formatDate(at, 'hi', { month: 'short' })).toBe('5 मार्च 2026');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('shared catalog', () => {
  const en = readPo('en');
  const hi = readPo('hi');

  it('holds the spec texts exactly for every validation id in English', () => {
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
      expect(en.get(`validation.${key}`)).toBe(text);
    }
  });

  it('has a Hindi text in Devanagari for every id, and no id of its own', () => {
    expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [id, text] of hi) {
      expect(text, id).not.toBe('');
      expect(text, id).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('renders the English and Hindi texts through Lingui from the compiled catalogs', async () => {
    const i18n = setupI18n();
    i18n.load({ en: await loadSharedCatalog('en'), hi: await loadSharedCatalog('hi') });
    i18n.activate('en');
    for (const [id, text] of en) expect(i18n._(id)).toBe(text);
    i18n.activate('hi');
    expect(i18n._(VALIDATION_IDS.fullNameRequired)).toBe('पूरा नाम आवश्यक है');
    expect(i18n._('status.under_review')).toBe('समीक्षाधीन');
  });
});

describe('the yup rules carry message ids', () => {
  it('gives ids that the English lookup turns into the spec text', async () => {
    const error = await profileSchema
      .validate({}, { abortEarly: false })
      .catch((e: unknown) => e as ValidationError);
    expect(error).toBeInstanceOf(ValidationError);
    const messages = (error as ValidationError).errors;
    expect(messages).toContain('validation.fullNameRequired');
    expect(messages.every((m) => m.startsWith('validation.'))).toBe(true);
    expect(messages.map(validationText)).toContain('Full name is required');
    expect(validationText('Something else')).toBe('Something else');
  });
});

describe('the device language', () => {
  it('is stored under loan-portal.locale and read back only when it is a locale', async () => {
    const { createMemoryStorage } = await import('../session/storage');
    const { readStoredLocale, storeLocale, localeCookie } = await import('./preference');
    const storage = createMemoryStorage();
    expect(readStoredLocale(storage)).toBeNull();
    storeLocale('hi', storage);
    expect(storage.getItem('loan-portal.locale')).toBe('hi');
    expect(readStoredLocale(storage)).toBe('hi');
    storage.setItem('loan-portal.locale', 'fr');
    expect(readStoredLocale(storage)).toBeNull();
    expect(localeCookie('hi')).toBe('lang=hi; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

describe("the lang cookie's language (cookieLocale)", () => {
  /** A page as the server renders it (with the copy) or as another host might (without). */
  function page(options: { copy?: string; cookie: string }) {
    let reads = 0;
    const config = {
      getAttribute: (name: string) => (name === LOCALE_COOKIE_ATTRIBUTE ? options.copy : null),
    };
    const doc = {
      getElementById: (id: string) =>
        id === INLINE_CONFIG_ID && options.copy !== undefined ? config : null,
      get cookie() {
        reads += 1;
        return options.cookie;
      },
    } as unknown as Document;
    return { doc, reads: () => reads };
  }

  it("reads the server's copy in the page, not document.cookie", () => {
    const hindi = page({ copy: 'hi', cookie: 'lang=en' });
    expect(cookieLocale(hindi.doc)).toBe('hi');
    expect(hindi.reads()).toBe(0);
    // '' is the server saying the page came without one.
    const none = page({ copy: '', cookie: 'lang=hi' });
    expect(cookieLocale(none.doc)).toBeNull();
    expect(none.reads()).toBe(0);
    expect(cookieLocale(page({ copy: 'fr', cookie: '' }).doc)).toBeNull();
  });

  it('reads document.cookie on a page without the copy (another host served it)', () => {
    const other = page({ cookie: 'theme=dark; lang=hi' });
    expect(cookieLocale(other.doc)).toBe('hi');
    expect(other.reads()).toBe(1);
    expect(cookieLocale(page({ cookie: 'lang=xx' }).doc)).toBeNull();
  });
});
