import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Pagination } from './pagination';

const base = { totalPages: 3, totalItems: 25, pageSize: 10 };

describe('Pagination', () => {
  it('shows the range and disables Prev on the first page', async () => {
    const onPageChange = vi.fn();
    const { container } = render(
      <Pagination {...base} currentPage={1} onPageChange={onPageChange} />,
    );
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    expect(screen.getByText('Showing 1 to 10 of 25 results')).toBeVisible();
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await expectNoAxeViolations(container);
  });

  it('disables Next on the last page', () => {
    render(<Pagination {...base} currentPage={3} onPageChange={vi.fn()} />);
    expect(screen.getByText('Showing 21 to 25 of 25 results')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeEnabled();
  });

  it('disables both while loading', () => {
    render(<Pagination {...base} currentPage={2} loading onPageChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('renders nothing for a single page', () => {
    const { container } = render(
      <Pagination
        currentPage={1}
        totalPages={1}
        totalItems={4}
        pageSize={10}
        onPageChange={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
