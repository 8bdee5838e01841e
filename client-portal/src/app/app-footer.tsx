import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import styles from './app-footer.module.css';

/** On every client page, signed in or not: where the privacy notice and the grievance officer are. */
export function AppFooter() {
  const { i18n } = useLingui();
  return (
    <footer className={styles.footer}>
      <nav aria-label={i18n._('footer.legal')} className={styles.links}>
        <Link to="/privacy">{i18n._('footer.privacy')}</Link>
        <Link to="/privacy#grievance-officer">{i18n._('footer.grievance')}</Link>
      </nav>
    </footer>
  );
}
