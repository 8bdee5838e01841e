import { Link } from 'react-router';
import styles from './app-footer.module.css';

/** On every client page, signed in or not: where the privacy notice and the grievance officer are. */
export function AppFooter() {
  return (
    <footer className={styles.footer}>
      <nav aria-label="Legal" className={styles.links}>
        <Link to="/privacy">Privacy Notice</Link>
        <Link to="/privacy#grievance-officer">Grievance Officer</Link>
      </nav>
    </footer>
  );
}
