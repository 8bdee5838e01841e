import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from '../button/button';
import { ConfirmDialog } from './confirm-dialog';

function DeliveredToggle({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="secondary">Toggle delivered</Button>}
      title="Confirm Change"
      description="Do you want to change the delivered status?"
      confirmLabel="Yes, Change"
      onConfirm={() => {
        onConfirm();
        setOpen(false);
      }}
    />
  );
}

describe('ConfirmDialog', () => {
  it('keeps the confirm button disabled while confirmDisabled', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        defaultOpen
        title="Confirm Your Details"
        confirmLabel="Confirm & Submit"
        confirmDisabled
        onConfirm={onConfirm}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Confirm & Submit' });
    expect(confirm).toBeDisabled();
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    await expectNoAxeViolations(screen.getByRole('dialog'));
  });

  it('confirms and gives focus back to the trigger', async () => {
    const onConfirm = vi.fn();
    render(<DeliveredToggle onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Toggle delivered' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Confirm Change' });
    expect(dialog).toHaveAccessibleDescription('Do you want to change the delivered status?');
    await expectNoAxeViolations(dialog);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, Change' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('cancels with the Cancel button and with Escape', async () => {
    const onConfirm = vi.fn();
    render(<DeliveredToggle onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Toggle delivered' });
    await userEvent.click(trigger);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    // The safe answer gets the first focus, so Enter right after opening changes nothing.
    expect(cancel).toHaveFocus();
    await userEvent.click(cancel);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('shows the busy label and cannot be dismissed while busy', async () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        defaultOpen
        title="Confirm Your Details"
        description="Please review your information before submitting."
        confirmLabel="Confirm & Submit"
        cancelLabel="Edit"
        busy
        busyLabel="Submitting..."
        onConfirm={vi.fn()}
        onCancel={onCancel}
      >
        <p>Full Name: Asha Menon</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm Your Details' });
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
    await expectNoAxeViolations(dialog);
  });
});
