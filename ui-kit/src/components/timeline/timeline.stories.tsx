import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Timeline, type TimelineStep } from './timeline';

const day = (n: number) => `${n} Nov 2026, 11:0${n % 10} am`;
const path = ['Draft', 'Paid', 'Under review', 'Approved', 'Active', 'Closed'];

/** The client's path with the first `reached` steps done and the next one current. */
function progress(reached: number): TimelineStep[] {
  return path.map((label, index) => ({
    id: label,
    label,
    state: index < reached ? 'done' : index === reached ? 'current' : 'upcoming',
    time: index <= reached ? day(19 + index) : undefined,
  }));
}

const meta = {
  title: 'Data display/Timeline',
  component: Timeline,
  args: { label: 'Application progress', steps: progress(1) },
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Paid: Story = {
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items[1]).toHaveAttribute('aria-current', 'step');
    await expect(items[2]).toHaveTextContent('Under review (not yet)');
  },
};

export const UnderReview: Story = { args: { steps: progress(2) } };

export const Disbursed: Story = { args: { steps: progress(4) } };

export const Closed: Story = {
  args: {
    steps: path.map((label, index) => ({
      id: label,
      label,
      state: index === path.length - 1 ? 'current' : 'done',
      time: day(19 + index),
    })),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Closed')).toBeVisible();
  },
};

export const Rejected: Story = {
  args: {
    steps: [
      { id: 'draft', label: 'Draft', state: 'done', time: day(19) },
      { id: 'paid', label: 'Paid', state: 'done', time: day(20) },
      { id: 'under_review', label: 'Under review', state: 'done', time: day(21) },
      {
        id: 'rejected',
        label: 'Rejected',
        state: 'failed',
        time: day(22),
        detail: 'Reason: The income documents could not be verified.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Reason: The income documents could not be verified.'),
    ).toBeVisible();
    await expect(canvas.getAllByRole('listitem')[3]).toHaveAttribute('aria-current', 'step');
  },
};
