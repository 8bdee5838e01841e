import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination, type PaginationProps } from './pagination';

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  args: { currentPage: 1, totalPages: 13, totalItems: 128, pageSize: 10, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Showing 1 to 10 of 128 results')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Prev' })).toBeDisabled();
  },
};

export const MiddlePage: Story = { args: { currentPage: 6 } };

export const LastPage: Story = {
  args: { currentPage: 13 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Showing 121 to 128 of 128 results')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { currentPage: 6, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
  },
};

export const SinglePage: Story = {
  args: { totalPages: 1, totalItems: 7 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).not.toBeInTheDocument();
  },
};

function PagingDemo(args: PaginationProps) {
  const [page, setPage] = useState(args.currentPage);
  return (
    <Pagination
      {...args}
      currentPage={page}
      onPageChange={(next) => {
        args.onPageChange(next);
        setPage(next);
      }}
    />
  );
}

export const Paging: Story = {
  render: (args) => <PagingDemo {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await expect(canvas.getByText('Page 2 of 13')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Prev' }));
    await expect(canvas.getByText('Page 1 of 13')).toBeVisible();
  },
};
