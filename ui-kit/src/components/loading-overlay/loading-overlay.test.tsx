import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  it('marks the region busy and announces loading', async () => {
    const { container, rerender } = render(
      <LoadingOverlay loading>
        <p>Rows</p>
      </LoadingOverlay>,
    );
    expect(container.firstChild).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await expectNoAxeViolations(container);
    rerender(
      <LoadingOverlay loading={false}>
        <p>Rows</p>
      </LoadingOverlay>,
    );
    expect(container.firstChild).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
