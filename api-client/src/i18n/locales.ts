/** The languages of the client-facing texts: English (the default, the spec's texts) and Hindi. */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** What each locale is called in its own language, for a language switch. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', hi: 'हिन्दी' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale of one language tag: 'hi', 'hi-IN', 'HI' -> hi; 'en-GB' -> en; others none. */
function localeOfTag(tag: string): Locale | undefined {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : undefined;
}

/**
 * The locale for an Accept-Language header or a bare code: the supported language with the
 * highest q-value (the header's order breaks ties), else English. 'hi', 'hi-IN',
 * 'hi-IN,hi;q=0.9,en;q=0.8' -> hi; 'fr, hi;q=0.5' -> hi; 'en-IN,hi;q=0.9' -> en; '', '*' -> en.
 */
export function negotiateLocale(acceptLanguageOrCode?: string | null): Locale {
  if (!acceptLanguageOrCode) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of acceptLanguageOrCode.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.split(';');
    const locale = localeOfTag(tag);
    if (!locale) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

/** The Intl locale of a locale: Indian English or Hindi, both with Indian digit grouping. */
export function intlLocale(locale: Locale): 'en-IN' | 'hi-IN' {
  return locale === 'hi' ? 'hi-IN' : 'en-IN';
}
