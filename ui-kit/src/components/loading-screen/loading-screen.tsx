import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import { Spinner } from '../spinner/spinner';
import styles from './loading-screen.module.css';

export interface LoadingScreenProps {
  /** Product name shown as 'Loading {name}...'. */
  name: string;
}

/** Full-page placeholder while the session or a remote loads. */
export function LoadingScreen({ name }: LoadingScreenProps) {
  const i18n = useUiKitI18n();
  return (
    <div className={styles.screen}>
      <Spinner size="lg" />
      <div role="status" aria-live="polite" className={styles.text}>
        {i18n._('ui.loadingName', { name })}
      </div>
    </div>
  );
}
