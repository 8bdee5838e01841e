import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { StatusBadge } from '../status-badge/status-badge';
import { Card } from './card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: {
    title: 'Application Status',
    children: <p style={{ margin: 0 }}>Payment received. Your application is being processed.</p>,
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTitle: Story = {};

export const WithActions: Story = {
  args: {
    actions: <StatusBadge vocabulary="dashboard" status="active" />,
    children: (
      <>
        <p style={{ marginTop: 0 }}>Application id: APP-2025-000123</p>
        <Button variant="secondary">View application status</Button>
      </>
    ),
  },
};

export const Large: Story = { args: { padding: 'lg' } };

export const Plain: Story = { args: { title: undefined } };
