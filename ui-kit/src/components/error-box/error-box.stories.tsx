import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ErrorBox } from './error-box';

const meta = {
  title: 'Feedback/ErrorBox',
  component: ErrorBox,
  args: { children: 'Invalid credentials, please try again.' },
} satisfies Meta<typeof ErrorBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Invalid credentials, please try again.',
    );
  },
};

export const WithTitle: Story = {
  parameters: { englishOnly: "the back office's applicants list" },
  args: { title: 'Could not load', children: 'Failed to load profiles. Please try again.' },
};

export const LongMessage: Story = {
  args: {
    children:
      'Login failed: The mobile number or password you entered does not match our records. 2 attempts remaining.',
  },
};

export const Empty: Story = { args: { children: undefined } };
