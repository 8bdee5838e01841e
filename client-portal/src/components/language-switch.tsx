import { useLingui } from '@lingui/react';
import { LOCALE_NAMES, LOCALES } from '@loan-portal/api-client';
import { useLocale } from '../app/locale-context';
import styles from './language-switch.module.css';

/**
 * English / हिन्दी, on every client page. Each name is written in its own language (and marked
 * with it), so a reader finds theirs whatever the page is in.
 */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  const { locale, setLocale } = useLocale();
  return (
    <fieldset className={styles.switch}>
      <legend className={styles.legend}>{i18n._('language.switch')}</legend>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option === 'hi' ? 'hi' : 'en'}
          className={styles.option}
          aria-pressed={locale === option}
          onClick={() => {
            if (option !== locale) void setLocale(option);
          }}
        >
          {LOCALE_NAMES[option]}
        </button>
      ))}
    </fieldset>
  );
}
