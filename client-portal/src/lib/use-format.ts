import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { formatDate, formatDateTime, formatMoney, type Locale } from '@loan-portal/api-client';
import { useMemo } from 'react';

export interface Formatters {
  /** A loan amount: '₹10,00,000' (Indian grouping in both languages), or 'N/A'. */
  money: (value: number | string | null | undefined) => string;
  /** A fee with paise, as the payment screen shows it: '₹199.00'. */
  fee: (value: number | string | null | undefined) => string;
  /** '12 Mar 2025' / '12 मार्च 2025' (India time), or 'N/A'. */
  date: (value: string | null | undefined) => string;
  /** '12 Mar 2025, 3:45 pm' (India time), or 'N/A'. */
  dateTime: (value: string | null | undefined) => string;
  /** 'N/A' in the reader's language. */
  na: string;
}

export function formatters(i18n: I18n): Formatters {
  const locale: Locale = i18n.locale === 'hi' ? 'hi' : 'en';
  const na = i18n._('common.na');
  const orNa = (text: string) => text || na;
  return {
    money: (value) => orNa(formatMoney(value, locale)),
    fee: (value) => orNa(formatMoney(value, locale, { paise: true })),
    date: (value) => (value ? orNa(formatDate(value, locale, { month: 'short' })) : na),
    dateTime: (value) => (value ? orNa(formatDateTime(value, locale, { month: 'short' })) : na),
    na,
  };
}

/** Amounts and dates through Intl (en-IN / hi-IN, Asia/Kolkata) in the reader's language. */
export function useFormat(): Formatters {
  const { i18n } = useLingui();
  // i18n is one object for the whole app: a switch changes its locale, not the object.
  return useMemo(() => formatters(i18n), [i18n, i18n.locale]);
}
