import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OtpInput } from './otp-input';

const meta = {
  title: 'Forms/OtpInput',
  component: OtpInput,
  args: { name: 'otp', label: 'Enter the 6-digit code', onChange: fn(), onComplete: fn() },
} satisfies Meta<typeof OtpInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const digit = (canvasElement: HTMLElement, n: number) =>
  within(canvasElement).getByRole('textbox', { name: `Digit ${n} of 6` });

export const Empty: Story = {};

export const Typing: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(digit(canvasElement, 1));
    await userEvent.keyboard('4a8');
    await expect(digit(canvasElement, 2)).toHaveValue('8');
    await expect(digit(canvasElement, 3)).toHaveFocus();
    await userEvent.keyboard('2913');
    await expect(args.onChange).toHaveBeenLastCalledWith('482913');
    await expect(args.onComplete).toHaveBeenCalledWith('482913');
  },
};

export const BackspaceMovesBack: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(digit(canvasElement, 1));
    await userEvent.keyboard('12');
    await expect(digit(canvasElement, 3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect(digit(canvasElement, 2)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect(digit(canvasElement, 2)).toHaveValue('');
  },
};

export const Pasting: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(digit(canvasElement, 1));
    await userEvent.paste('482913');
    for (const [index, value] of [...'482913'].entries()) {
      await expect(digit(canvasElement, index + 1)).toHaveValue(value);
    }
    await expect(args.onComplete).toHaveBeenCalledWith('482913');
  },
};

export const Filled: Story = { args: { value: '482913' } };

export const WithHint: Story = {
  args: { hint: 'We sent it by SMS to +91 98765 43210.' },
};

export const WithError: Story = {
  args: { value: '482', error: 'Please enter the complete 6-digit OTP', touched: true },
};

export const Disabled: Story = { args: { value: '482913', disabled: true } };
