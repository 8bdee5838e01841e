import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

/** The caller owns `open`, as the admin list does for 'Confirm Change'. */
function ConfirmDialogDemo(args: ConfirmDialogProps) {
  const [open, setOpen] = useState(args.defaultOpen ?? false);
  return (
    <ConfirmDialog
      {...args}
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="secondary">Change delivered</Button>}
      onConfirm={() => {
        args.onConfirm();
        setOpen(false);
      }}
    />
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  render: (args) => <ConfirmDialogDemo {...args} />,
  args: {
    title: 'Confirm Change',
    description: 'Do you want to change the delivered status?',
    confirmLabel: 'Yes, Change',
    cancelLabel: 'Cancel',
    onConfirm: fn(),
    onCancel: fn(),
  },
  parameters: { docs: { story: { inline: false, iframeHeight: 420 } } },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Confirming: Story = {
  parameters: { englishOnly: "the back office's status change" },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Change delivered' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Change' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Change' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();
  },
};

export const Cancelling: Story = {
  parameters: { englishOnly: "the back office's status change" },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Change delivered' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Change' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();
  },
};

export const EscapeCancels: Story = {
  parameters: { englishOnly: "the back office's status change" },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Change delivered' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog', { name: 'Confirm Change' });
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = { args: { defaultOpen: true } };

/** Confirm stays disabled until the caller allows it (e.g. a consent box is ticked). */
export const ConfirmDisabled: Story = { args: { defaultOpen: true, confirmDisabled: true } };

export const Busy: Story = {
  args: {
    defaultOpen: true,
    title: 'Confirm Your Details',
    description: 'Please review your information before submitting.',
    confirmLabel: 'Confirm & Submit',
    cancelLabel: 'Edit',
    busy: true,
    busyLabel: 'Submitting...',
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Your Details' });
    await expect(within(dialog).getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  },
};

export const ReviewDetails: Story = {
  args: {
    defaultOpen: true,
    size: 'md',
    title: 'Confirm Your Details',
    description: 'Please review your information before submitting.',
    confirmLabel: 'Confirm & Submit',
    cancelLabel: 'Edit',
    children: (
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 1rem' }}>
        <dt>Full Name</dt>
        <dd style={{ margin: 0 }}>Asha Menon</dd>
        <dt>Aadhaar</dt>
        <dd style={{ margin: 0 }}>1234 5678 9012</dd>
        <dt>PAN</dt>
        <dd style={{ margin: 0 }}>ABCDE1234F</dd>
        <dt>Loan</dt>
        <dd style={{ margin: 0 }}>₹5,00,000 Home Loan</dd>
      </dl>
    ),
  },
};

export const Danger: Story = {
  args: {
    defaultOpen: true,
    tone: 'danger',
    title: 'Log out?',
    description: 'You will need your mobile number and password to sign in again.',
    confirmLabel: 'Logout',
  },
};
