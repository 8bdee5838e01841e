import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Continue', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'link', 'danger'] },
    size: { control: 'inline-radio', options: ['md', 'sm'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: 'primary', children: 'Sign In →' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Sign In →' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Learn More' } };

export const Link: Story = { args: { variant: 'link', children: 'Forgot Password?' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Logout' } };

export const Busy: Story = {
  args: { busy: true, busyLabel: 'Signing in...', children: 'Sign In →' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Signing in...' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const BusySecondary: Story = {
  args: { variant: 'secondary', busy: true, busyLabel: 'Exporting...', children: 'Export' },
};

export const Disabled: Story = { args: { disabled: true, children: 'Verify OTP' } };

export const Small: Story = { args: { size: 'sm', variant: 'secondary', children: 'Reset' } };

export const FullWidth: Story = {
  args: { fullWidth: true, children: 'Pay ₹199.00 Now' },
  parameters: { layout: 'padded' },
};
