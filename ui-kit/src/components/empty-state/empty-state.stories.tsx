import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const startApplication = fn();

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No profiles found.' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoResults: Story = {
  parameters: { englishOnly: "the back office's applicant search" },
  args: { description: 'Try another search or widen the date range.' },
};

export const WithAction: Story = {
  args: {
    titleAs: 'h2',
    title: 'No Application Found',
    description: 'You have not started a loan application yet.',
    action: <Button onClick={startApplication}>Start New Application</Button>,
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Start New Application' }),
    );
    await expect(startApplication).toHaveBeenCalled();
  },
};

export const TitleOnly: Story = { args: { title: 'No data available' } };
