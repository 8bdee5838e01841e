import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { describeStatus, StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it.each([
    ['paid', 'PAID', 'success'],
    ['draft', 'DRAFT', 'warning'],
    ['pending_payment', 'PENDING PAYMENT', 'info'],
    ['delivered', 'DELIVERED', 'neutral'],
    [undefined, 'N/A', 'neutral'],
    [null, 'N/A', 'neutral'],
  ])('registration %s reads %s in %s', (status, text, tone) => {
    expect(describeStatus(status, 'registration')).toEqual({ text, tone });
  });

  it.each([
    ['active', 'Active', 'success'],
    ['PENDING', 'Pending', 'warning'],
    ['rejected', 'Rejected', 'danger'],
    ['on_hold', 'On hold', 'neutral'],
  ])('dashboard %s reads %s in %s', (status, text, tone) => {
    expect(describeStatus(status, 'dashboard')).toEqual({ text, tone });
  });

  it('renders the text of the status', async () => {
    const { container } = render(
      <p>
        Status: <StatusBadge vocabulary="registration" status="pending_payment" />{' '}
        <StatusBadge vocabulary="dashboard" status="active" />
      </p>,
    );
    expect(screen.getByText('PENDING PAYMENT')).toHaveAttribute('data-tone', 'info');
    expect(screen.getByText('Active')).toHaveAttribute('data-tone', 'success');
    await expectNoAxeViolations(container);
  });
});
