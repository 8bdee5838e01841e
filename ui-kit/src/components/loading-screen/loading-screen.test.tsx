import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { LoadingScreen } from './loading-screen';

describe('LoadingScreen', () => {
  it('announces the product being loaded', async () => {
    const { container } = render(<LoadingScreen name="Loan Portal" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Loan Portal...');
    await expectNoAxeViolations(container);
  });
});
