import * as Dialog from '@radix-ui/react-dialog';
import type { ReactElement, ReactNode } from 'react';
import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import styles from './modal.module.css';

export interface ModalProps {
  title: ReactNode;
  /** One line under the title; also the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (they wrap under each other on a phone). */
  footer?: ReactNode;
  /** Element that opens the dialog; focus returns to it on close. Leave out when controlled. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Hide the × button, e.g. while a request runs and the dialog must not close. */
  hideCloseButton?: boolean;
  /** Stop Escape and outside clicks from closing the dialog (e.g. while busy). */
  preventClose?: boolean;
  closeLabel?: string;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * Modal dialog on Radix: focus is trapped inside, Escape and the × close it, and focus goes back
 * to whatever opened it.
 */
export function Modal({
  title,
  description,
  children,
  footer,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  hideCloseButton = false,
  preventClose = false,
  closeLabel,
  size = 'md',
}: ModalProps) {
  const i18n = useUiKitI18n();
  const block = (event: Event) => {
    if (preventClose) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${styles[size]}`}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          // Radix warns without a description; undefined tells it the dialog has none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {hideCloseButton ? null : (
              <Dialog.Close
                className={styles.close}
                aria-label={closeLabel ?? i18n._('ui.modal.close')}
              >
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            )}
          </div>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the surrounding Modal; wrap a footer button in it: `<ModalClose><Button/></ModalClose>`. */
export function ModalClose({ children }: { children: ReactElement }) {
  return <Dialog.Close asChild>{children}</Dialog.Close>;
}
