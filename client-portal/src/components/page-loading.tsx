import { Spinner } from '@loan-portal/ui-kit';
import styles from './page-loading.module.css';

/** The spinner a signed-in screen shows while its data loads, in a box a screen tall. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
