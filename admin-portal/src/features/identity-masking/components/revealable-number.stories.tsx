import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ADMIN_STORY, type StoryAdminApi } from '../../../stories/admin-story';
import { RevealableNumber } from './revealable-number';

const never = () => new Promise<never>(() => undefined);

const meta = {
  title: 'Back office/RevealableNumber',
  component: RevealableNumber,
  ...ADMIN_STORY,
  args: {
    registrationId: 41,
    field: 'aadhaar_number',
    masked: 'XXXX XXXX 0019',
    label: 'Aadhaar number',
  },
} satisfies Meta<typeof RevealableNumber>;

export default meta;
type Story = StoryObj<typeof meta>;

const revealButton = (canvasElement: HTMLElement, label = 'Aadhaar number') =>
  within(canvasElement).getByRole('button', { name: `Reveal ${label}` });

/** As the applicant page first shows it: the last four digits and a Reveal button. */
export const Masked: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('XXXX XXXX 0019')).toBeVisible();
    await expect(revealButton(canvasElement)).toHaveTextContent('Reveal');
  },
};

export const MaskedAccountNumber: Story = {
  args: { field: 'account_number', masked: 'XXXXXX9012', label: 'Account number' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('XXXXXX9012')).toBeVisible();
    await expect(revealButton(canvasElement, 'Account number')).toBeEnabled();
  },
};

/** The server has not answered yet: the button is busy and cannot be pressed twice. */
export const Revealing: Story = {
  parameters: { adminApi: { revealApplicantNumber: fn(never) } satisfies StoryAdminApi },
  play: async ({ canvasElement }) => {
    await userEvent.click(revealButton(canvasElement));
    const button = revealButton(canvasElement);
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveTextContent('Revealing...');
    await expect(within(canvasElement).getByText('XXXX XXXX 0019')).toBeVisible();
  },
};

const revealed = fn(async (_id: number, field: 'aadhaar_number' | 'account_number') => ({
  field,
  value: '999999990019',
}));

/** The full number (in groups of four), read out as it arrives; the button is gone. */
export const Revealed: Story = {
  parameters: { adminApi: { revealApplicantNumber: revealed } satisfies StoryAdminApi },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(revealButton(canvasElement));
    await expect(await canvas.findByText('9999 9999 0019')).toBeVisible();
    await expect(revealed).toHaveBeenCalledWith(41, 'aadhaar_number');
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** The server refused or was unreachable: an alert, and the button to try again. */
export const Failed: Story = {
  parameters: {
    adminApi: {
      revealApplicantNumber: fn(() => Promise.reject(new Error('Network Error'))),
    } satisfies StoryAdminApi,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(revealButton(canvasElement));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Could not reveal the number. Please try again.',
    );
    await expect(revealButton(canvasElement)).toBeEnabled();
    await expect(canvas.getByText('XXXX XXXX 0019')).toBeVisible();
  },
};

/** The applicant has no such number (a draft): nothing to reveal. */
export const NotAvailable: Story = {
  args: { masked: '' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('N/A');
    await expect(within(canvasElement).queryByRole('button')).not.toBeInTheDocument();
  },
};
