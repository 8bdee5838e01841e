import { APPLICATION_STATUSES } from '@loan-portal/api-client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatusBadge } from './status-badge';

const meta = {
  title: 'Data display/StatusBadge',
  component: StatusBadge,
  args: { vocabulary: 'registration', status: 'paid' },
  argTypes: { vocabulary: { control: 'inline-radio', options: ['registration', 'dashboard'] } },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Staff read the registration vocabulary, in English in every language. */
const staffWords = { englishOnly: 'the staff vocabulary' };

export const RegistrationPaid: Story = {
  parameters: staffWords,
  args: { status: 'paid' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('PAID')).toBeVisible();
  },
};

export const RegistrationDraft: Story = {
  args: { status: 'draft' },
  parameters: staffWords,
};

export const RegistrationPendingPayment: Story = {
  parameters: staffWords,
  args: { status: 'pending_payment' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('PENDING PAYMENT')).toBeVisible();
  },
};

export const RegistrationOther: Story = {
  args: { status: 'delivered' },
  parameters: staffWords,
};

export const RegistrationMissing: Story = {
  args: { status: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('N/A')).toBeVisible();
  },
};

export const DashboardActive: Story = {
  args: { vocabulary: 'dashboard', status: 'active' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Active')).toBeVisible();
  },
};

export const DashboardPending: Story = {
  args: { vocabulary: 'dashboard', status: 'pending' },
  parameters: { englishOnly: 'a status the catalogs do not know, shown as it came' },
};

export const DashboardRejected: Story = { args: { vocabulary: 'dashboard', status: 'rejected' } };

export const DashboardOther: Story = {
  args: { vocabulary: 'dashboard', status: 'on_hold' },
  parameters: { englishOnly: 'a status the catalogs do not know, shown as it came' },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        {['paid', 'draft', 'pending_payment', 'delivered', null].map((status) => (
          <StatusBadge key={String(status)} vocabulary="registration" status={status} />
        ))}
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        {['active', 'pending', 'rejected', 'closed'].map((status) => (
          <StatusBadge key={status} vocabulary="dashboard" status={status} />
        ))}
      </div>
    </div>
  ),
};

/** Every status of the application lifecycle, as staff (upper case) and clients see it. */
export const EveryLifecycleStatus: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      {(['registration', 'dashboard'] as const).map((vocabulary) => (
        <div key={vocabulary} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
          {APPLICATION_STATUSES.map((status) => (
            <StatusBadge key={status} vocabulary={vocabulary} status={status} />
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('UNDER REVIEW')).toHaveAttribute('data-tone', 'info');
    await expect(canvas.getByText('Under review')).toHaveAttribute('data-tone', 'warning');
    await expect(canvas.getByText('REJECTED')).toHaveAttribute('data-tone', 'danger');
    await expect(canvas.getByText('Active')).toHaveAttribute('data-tone', 'success');
  },
};
