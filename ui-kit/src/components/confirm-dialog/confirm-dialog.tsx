import type { ReactElement, ReactNode } from 'react';
import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import { Button } from '../button/button';
import { Modal, ModalClose } from '../modal/modal';

export interface ConfirmDialogProps {
  title: ReactNode;
  description?: ReactNode;
  /** Extra content, e.g. the list of entered values in 'Confirm Your Details'. */
  children?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Shown on the confirm button while `busy`, e.g. 'Submitting...'. */
  busyLabel?: ReactNode;
  /** While busy, both buttons are disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  /** Keeps the confirm button disabled, e.g. until a required consent box is ticked. */
  confirmDisabled?: boolean;
  /** 'danger' for destructive confirmations. */
  tone?: 'primary' | 'danger';
  /** Runs on confirm. The dialog stays open: the caller closes it (after its request, if any). */
  onConfirm: () => void;
  /** Runs on Cancel, Escape, the × button and clicks outside. */
  onCancel?: () => void;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactElement;
  size?: 'sm' | 'md' | 'lg';
}

/** A yes/no question in a Modal: 'Confirm Change', 'Confirm Your Details'. */
export function ConfirmDialog({
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy = false,
  confirmDisabled = false,
  tone = 'primary',
  onConfirm,
  onCancel,
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  size = 'sm',
}: ConfirmDialogProps) {
  const i18n = useUiKitI18n();
  return (
    <Modal
      title={title}
      description={description}
      trigger={trigger}
      open={open}
      defaultOpen={defaultOpen}
      size={size}
      preventClose={busy}
      // Cancel already closes it; without the × the first focus lands on Cancel, the safe choice.
      hideCloseButton
      onOpenChange={(next) => {
        if (!next) onCancel?.();
        onOpenChange?.(next);
      }}
      footer={
        <>
          <ModalClose>
            <Button variant="secondary" disabled={busy}>
              {cancelLabel ?? i18n._('ui.dialog.cancel')}
            </Button>
          </ModalClose>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            busy={busy}
            busyLabel={busyLabel}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel ?? i18n._('ui.dialog.confirm')}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
