export { loadSharedCatalog } from './catalog';
export {
  type DateOptions,
  formatDate,
  formatDateTime,
  formatMoney,
  type MoneyOptions,
  TIME_ZONE,
} from './format';
export {
  DEFAULT_LOCALE,
  intlLocale,
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  negotiateLocale,
} from './locales';
export {
  cookieLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_ATTRIBUTE,
  localeCookie,
  readStoredLocale,
  storeLocale,
} from './preference';
