import { i18n } from './shell-i18n';
export interface BootScreenProps {
  productName: string;
}

/**
 * The shell's loading screen. It is the markup of the boot screen in index.html and is styled
 * there, so nothing moves when React takes over from the HTML; it also looks like the remotes'
 * own loading screen (ui-kit LoadingScreen), which may follow it.
 */
export function BootScreen({ productName }: BootScreenProps) {
  return (
    <div className="lp-boot">
      <span className="lp-boot-spinner" aria-hidden="true" />
      <div className="lp-boot-text" role="status" aria-live="polite">
        {i18n._('shell.loading', { name: productName })}
      </div>
    </div>
  );
}
