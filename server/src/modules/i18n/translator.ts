import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { LOCALES, type Locale } from '@loan-portal/api-client';
import { messages as sharedEn } from '@loan-portal/api-client/locales/en';
import { messages as sharedHi } from '@loan-portal/api-client/locales/hi';
import { messages as serverEn } from '../../locales/en';
import { messages as serverHi } from '../../locales/hi';

/**
 * Every text the server sends a client, by locale: the shared catalog (validation.*, error.*,
 * message.*, status.*; api-client/src/locales) and the server's own (sms.*, receipt.*,
 * checkout.*, server.*; server/src/locales). All are loaded at start: the server speaks both.
 */
const CATALOGS: Readonly<Record<Locale, Messages>> = {
  en: { ...sharedEn, ...serverEn },
  hi: { ...sharedHi, ...serverHi },
};

// One Lingui instance per locale, so concurrent requests never switch each other's language.
const instances = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } }),
  ]),
) as Record<Locale, I18n>;

export type MessageValues = Record<string, unknown>;

/** The text of a message id in a locale; an unknown id comes back as it is. */
export function t(locale: Locale, id: string, values?: MessageValues): string {
  return instances[locale]._(id, values);
}

/** True when `id` names a message of the catalogs. */
export function isMessageId(id: string): boolean {
  return Object.hasOwn(CATALOGS.en, id);
}

/** The ids of every message, for tests that walk the catalogs. */
export function messageIds(): string[] {
  return Object.keys(CATALOGS.en);
}

/**
 * English text -> id, for the messages without placeholders. Much of the server still throws
 * its English texts (HttpError('No application found.')); the catalog's English is exactly those
 * texts, so an answer can be translated by what it says, without touching every service.
 */
const ID_OF_ENGLISH = (() => {
  const map = new Map<string, string>();
  for (const [id, compiled] of Object.entries(CATALOGS.en)) {
    const plain = Array.isArray(compiled)
      ? compiled.every((part) => typeof part === 'string')
      : typeof compiled === 'string';
    if (!plain) continue;
    const text = t('en', id);
    if (!map.has(text)) map.set(text, id);
  }
  return map;
})();

/** The English answers that carry a value, and the id that says them in any locale. */
const PATTERNS: readonly {
  pattern: RegExp;
  translate: (locale: Locale, match: RegExpExecArray) => string;
}[] = [
  {
    pattern: /^Something went wrong on our side\. Reference: (\S+)$/,
    translate: (locale, m) => t(locale, 'server.internalError', { reference: m[1] }),
  },
  {
    pattern: /^Invalid OTP\. Please try again\. (\d+) attempts? remaining\.$/,
    translate: (locale, m) => t(locale, 'server.otpInvalidAttemptsLeft', { left: Number(m[1]) }),
  },
  {
    pattern: /^Please wait (\d+) seconds before requesting a new OTP\.$/,
    translate: (locale, m) => t(locale, 'server.otpWait', { seconds: m[1] }),
  },
  {
    pattern:
      /^Too many failed sign-in attempts\. Please try again in (\d+) (second|minute)s?, or reset your password\.$/,
    translate: (locale, m) =>
      t(locale, 'server.signInBlocked', { wait: waitText(locale, Number(m[1]), m[2]!) }),
  },
  {
    pattern:
      /^Too many failed sign-in attempts\. Please wait (\d+) (second|minute)s? and try again\.$/,
    translate: (locale, m) =>
      t(locale, 'server.signInWait', { wait: waitText(locale, Number(m[1]), m[2]!) }),
  },
  {
    pattern: /^Too many requests\. Please try again in (\d+) seconds\.$/,
    translate: (locale, m) => t(locale, 'server.tooManyRequests', { seconds: m[1] }),
  },
  // The field messages of a failed JSON schema (schema-errors.ts) that carry the schema's limit.
  limitPattern(/^Minimum (NUMBER) characters?$/, 'server.validation.minLength'),
  limitPattern(/^Maximum (NUMBER) characters?$/, 'server.validation.maxLength'),
  limitPattern(/^Must be at least (NUMBER)$/, 'server.validation.minimum'),
  limitPattern(/^Must be at most (NUMBER)$/, 'server.validation.maximum'),
  limitPattern(/^Must be more than (NUMBER)$/, 'server.validation.exclusiveMinimum'),
  limitPattern(/^Must be less than (NUMBER)$/, 'server.validation.exclusiveMaximum'),
  limitPattern(/^At least (NUMBER) items?$/, 'server.validation.minItems'),
  limitPattern(/^At most (NUMBER) items?$/, 'server.validation.maxItems'),
  {
    pattern: /^Must be one of: (.+)$/,
    translate: (locale, m) => t(locale, 'server.validation.oneOf', { values: m[1] }),
  },
];

/** A pattern whose NUMBER is the limit of a schema ('1,000' as English writes it, or -2.5). */
function limitPattern(pattern: RegExp, id: string) {
  return {
    pattern: new RegExp(pattern.source.replace('NUMBER', '-?\\d[\\d,]*(?:\\.\\d+)?')),
    translate: (locale: Locale, m: RegExpExecArray) =>
      t(locale, id, { limit: Number(m[1]!.replaceAll(',', '')) }),
  };
}

function waitText(locale: Locale, count: number, unit: string): string {
  return t(locale, unit === 'minute' ? 'server.waitMinutes' : 'server.waitSeconds', { count });
}

/**
 * A message of an answer in the caller's locale: a message id is translated in every locale
 * (English included); an English text the catalogs know is translated for the other locales;
 * anything else (a framework's or a provider's words) is left as it is.
 */
export function localize(locale: Locale, text: string): string {
  if (isMessageId(text)) return t(locale, text);
  if (locale === 'en') return text;
  const id = ID_OF_ENGLISH.get(text);
  if (id) return t(locale, id);
  for (const { pattern, translate } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return translate(locale, match);
  }
  return text;
}
