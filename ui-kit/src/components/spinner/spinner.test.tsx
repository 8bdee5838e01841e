import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces its label', async () => {
    const { container } = render(<Spinner label="Loading dashboard..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    await expectNoAxeViolations(container);
  });

  it('is hidden from screen readers without a label', async () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container.firstChild).toHaveAttribute('aria-hidden', 'true');
    await expectNoAxeViolations(container);
  });
});
