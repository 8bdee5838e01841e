import {
  ApiClientError,
  type FlaggedPayment,
  type ResolvePaymentFlagRequest,
} from '@loan-portal/api-client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ADMIN_STORY, type StoryAdminApi } from '../../../stories/admin-story';
import { ResolveDialog } from './resolve-dialog';

/** A duplicate payment: ₹199 paid twice for one registration, the second refundable. */
const PAYMENT: FlaggedPayment = {
  id: 3,
  flag: 'duplicate_payment',
  order_id: 'LP-3-abc',
  cf_payment_id: '51143',
  expected_amount: 199,
  expected_currency: 'INR',
  received_amount: 199,
  received_currency: 'INR',
  payment_status: 'SUCCESS',
  payment_group: 'upi',
  payment_time: '2026-11-24T06:00:00Z',
  completed_at: '2026-11-24T06:00:05Z',
  recorded_at: '2026-11-24T06:00:06Z',
  order_created_at: '2026-11-24T05:59:00Z',
  registration: { id: 43, status: 'paid', full_name: 'Anita Nair' },
  refundable: true,
  resolution: null,
};

const never = () => new Promise<never>(() => undefined);

/** The payment as the server answers a resolution: closed, with the note and who wrote it. */
const answered = (how: 'noted' | 'refunded') =>
  fn(
    async (_id: number, request: ResolvePaymentFlagRequest): Promise<FlaggedPayment> => ({
      ...PAYMENT,
      refundable: false,
      resolution: {
        resolution: how,
        note: request.note,
        resolved_by: { id: 9, username: 'root' },
        resolved_at: '2026-11-25T04:30:00Z',
        refund:
          how === 'refunded'
            ? { refund_id: 'flag-refund-3', cf_refund_id: '777', status: 'SUCCESS', amount: 199 }
            : null,
      },
    }),
  );

const meta = {
  title: 'Back office/ResolveDialog',
  component: ResolveDialog,
  ...ADMIN_STORY,
  args: { payment: PAYMENT, mode: 'note', onDone: fn(), onCancel: fn() },
  parameters: {
    ...ADMIN_STORY.parameters,
    docs: { story: { inline: false, iframeHeight: 460 } },
  },
} satisfies Meta<typeof ResolveDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });

async function writeNote(dialog: HTMLElement, note: string) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), note);
}

/** A superuser closes a flag with a note: the form as it opens. */
export const ResolveWithNote: Story = {
  play: async () => {
    const dialog = await dialogNamed('Resolve flagged payment');
    await expect(dialog).toHaveAccessibleDescription(
      'Payment 51143 of order LP-3-abc is closed with your note.',
    );
    await expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('');
    await expect(within(dialog).getByRole('button', { name: 'Resolve' })).toBeEnabled();
  },
};

/** A refund through the payment provider: the amount and order named, a danger button. */
export const Refund: Story = {
  args: { mode: 'refund' },
  play: async () => {
    const dialog = await dialogNamed('Refund payment');
    await expect(dialog).toHaveAccessibleDescription(
      '₹199.00 goes back to the payer of order LP-3-abc.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeEnabled();
  },
};

/** Sent without a note (or under 3 letters): the field says what it needs, nothing is sent. */
export const NoteRequired: Story = {
  parameters: { adminApi: { resolvePaymentFlag: fn(never) } satisfies StoryAdminApi },
  play: async ({ parameters }) => {
    const dialog = await dialogNamed('Resolve flagged payment');
    await writeNote(dialog, 'ok');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please write a note.',
    );
    await expect(within(dialog).getByRole('textbox', { name: 'Note' })).toBeInvalid();
    await expect((parameters.adminApi as StoryAdminApi).resolvePaymentFlag).not.toHaveBeenCalled();
  },
};

/** The note is on its way: both buttons wait, and the dialog cannot be dismissed. */
export const Saving: Story = {
  parameters: { adminApi: { resolvePaymentFlag: fn(never) } satisfies StoryAdminApi },
  play: async ({ args }) => {
    const dialog = await dialogNamed('Resolve flagged payment');
    await writeNote(dialog, 'Matched with the bank statement');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** The refund is with the payment provider. */
export const Refunding: Story = {
  args: { mode: 'refund' },
  parameters: { adminApi: { refundFlaggedPayment: fn(never) } satisfies StoryAdminApi },
  play: async () => {
    const dialog = await dialogNamed('Refund payment');
    await writeNote(dialog, 'Paid twice for one registration');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expect(within(dialog).getByRole('button', { name: 'Refunding...' })).toBeDisabled();
  },
};

/** The provider refused: the server's reason, the note kept, the dialog open to try again. */
export const RefundRefused: Story = {
  args: { mode: 'refund' },
  parameters: {
    adminApi: {
      refundFlaggedPayment: fn(() =>
        Promise.reject(
          new ApiClientError('The payment provider refused the refund: order not paid'),
        ),
      ),
    } satisfies StoryAdminApi,
  },
  play: async ({ args }) => {
    const dialog = await dialogNamed('Refund payment');
    await writeNote(dialog, 'Paid twice for one registration');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expect(
      await within(dialog).findByText('The payment provider refused the refund: order not paid'),
    ).toBeVisible();
    await expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue(
      'Paid twice for one registration',
    );
    await expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeEnabled();
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

/** Done: the caller gets the payment as resolved (and closes the dialog). */
export const Resolved: Story = {
  parameters: { adminApi: { resolvePaymentFlag: answered('noted') } satisfies StoryAdminApi },
  play: async ({ args, parameters }) => {
    const dialog = await dialogNamed('Resolve flagged payment');
    await writeNote(dialog, '  Matched with the bank statement ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await expect((parameters.adminApi as StoryAdminApi).resolvePaymentFlag).toHaveBeenCalledWith(
      3,
      { note: 'Matched with the bank statement' },
    );
    await expect(args.onDone).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 3,
        resolution: expect.objectContaining({ resolution: 'noted' }),
      }),
    );
  },
};

/** Refunded: the caller gets the payment with the provider's refund. */
export const Refunded: Story = {
  args: { mode: 'refund' },
  parameters: { adminApi: { refundFlaggedPayment: answered('refunded') } satisfies StoryAdminApi },
  play: async ({ args }) => {
    const dialog = await dialogNamed('Refund payment');
    await writeNote(dialog, 'Paid twice for one registration');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expect(args.onDone).toHaveBeenCalledWith(
      expect.objectContaining({
        resolution: expect.objectContaining({
          refund: expect.objectContaining({ refund_id: 'flag-refund-3', status: 'SUCCESS' }),
        }),
      }),
    );
  },
};

/** Cancel leaves the flag open. */
export const Cancelled: Story = {
  play: async ({ args }) => {
    const dialog = await dialogNamed('Resolve flagged payment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};
