import { intlLocale, type Locale } from './locales';

/** Dates are shown as the clients live them: India Standard Time. */
export const TIME_ZONE = 'Asia/Kolkata';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

function toAmount(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const amount = typeof value === 'number' ? value : Number(value.replace(/,/g, ''));
  return Number.isFinite(amount) ? amount : undefined;
}

export interface MoneyOptions {
  /** Show paise ('₹199.00'); whole rupees otherwise ('₹2,50,000'). */
  paise?: boolean;
}

/**
 * An amount in rupees with Indian grouping and Latin digits, the same in both locales:
 * '₹2,50,000' (or '₹199.00' with paise). '' for no amount; screens choose their own 'N/A'.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  locale: Locale,
  options: MoneyOptions = {},
): string {
  const value = toAmount(amount);
  if (value === undefined) return '';
  const digits = options.paise ? 2 : 0;
  const formatter = cached(
    `money:${locale}:${digits}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        numberingSystem: 'latn',
      }),
  );
  // The symbol is written, not Intl's currency style: hi-IN would put it after a space.
  return `${value < 0 ? '-' : ''}₹${formatter.format(Math.abs(value))}`;
}

function toDate(value: Date | string | number): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface DateOptions {
  /** 'long' (default): '5 March 2026'; 'short': '5 Mar 2026', as the client screens show dates. */
  month?: 'long' | 'short';
}

/** The IST formatter of a day, or a day and time, in a locale. */
function istFormatter(locale: Locale, month: 'long' | 'short', withTime: boolean) {
  return cached(
    `${withTime ? 'datetime' : 'date'}:${locale}:${month}`,
    () =>
      new Intl.DateTimeFormat(intlLocale(locale), {
        day: 'numeric',
        month,
        year: 'numeric',
        ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
        timeZone: TIME_ZONE,
        numberingSystem: 'latn',
      }),
  );
}

/** A day in IST with the locale's month name: '5 March 2026' / '5 मार्च 2026'. '' if invalid. */
export function formatDate(
  value: Date | string | number,
  locale: Locale,
  { month = 'long' }: DateOptions = {},
): string {
  const date = toDate(value);
  return date ? istFormatter(locale, month, false).format(date) : '';
}

/**
 * A moment in IST, as the locale writes it: '5 March 2026 at 2:30 pm' /
 * '5 मार्च 2026 को 2:30 pm बजे'. '' if invalid.
 */
export function formatDateTime(
  value: Date | string | number,
  locale: Locale,
  { month = 'long' }: DateOptions = {},
): string {
  const date = toDate(value);
  return date ? istFormatter(locale, month, true).format(date) : '';
}
