import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Countdown } from './countdown';

const meta = {
  title: 'Feedback/Countdown',
  component: Countdown,
  args: { seconds: 5, onDone: fn() },
} satisfies Meta<typeof Countdown>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Redirecting: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('timer')).toHaveTextContent(
      'Redirecting to status page in 5 s...',
    );
  },
};

export const Finished: Story = {
  args: { seconds: 0 },
  play: async ({ args }) => {
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};

export const CustomText: Story = {
  args: { seconds: 30, template: 'Account locked. Please wait {seconds} seconds.' },
};
