import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Modal, ModalClose } from './modal';

const meta = {
  title: 'Overlays/Modal',
  component: Modal,
  args: {
    title: 'Contact Support',
    description: 'Our team answers on working days, 9 am to 6 pm IST.',
    children: (
      <p>
        E-mail: support@example.in
        <br />
        Phone: +91 80 0000 0000
      </p>
    ),
    onOpenChange: fn(),
  },
  // Open dialogs cover the page, so the docs page shows each story in its own frame.
  parameters: { docs: { story: { inline: false, iframeHeight: 420 } } },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenFromTrigger: Story = {
  args: { trigger: <Button variant="secondary">Contact Support</Button> },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Contact Support' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Contact Support' });
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = { args: { defaultOpen: true } };

export const WithFooter: Story = {
  args: {
    defaultOpen: true,
    title: 'Terms & Conditions',
    description: undefined,
    size: 'lg',
    children: (
      <p>
        The application fee of ₹199 is non-refundable. Your details are encrypted and shared only
        with the lender that reviews your application.
      </p>
    ),
    footer: (
      <ModalClose>
        <Button>I understand</Button>
      </ModalClose>
    ),
  },
};

export const WithoutCloseButton: Story = {
  args: {
    defaultOpen: true,
    hideCloseButton: true,
    preventClose: true,
    title: 'Payment Received',
    description: 'Payment id cf_123456, order id order_7890',
    children: <p>Redirecting to status page in 5 s...</p>,
  },
};
