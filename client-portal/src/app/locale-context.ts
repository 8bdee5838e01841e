import type { Locale } from '@loan-portal/api-client';
import { createContext, useContext } from 'react';

export interface LocaleValue {
  locale: Locale;
  /** Switches the language: remembered on the device; the texts change once its catalog loads. */
  setLocale: (locale: Locale) => Promise<void>;
}

export const LocaleContext = createContext<LocaleValue | null>(null);

export function useLocale(): LocaleValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside LocaleProvider');
  return value;
}
