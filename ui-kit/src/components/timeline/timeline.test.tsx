import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Timeline, type TimelineStep } from './timeline';

describe('Timeline', () => {
  it('says which steps are done, which is current and which are still to come', async () => {
    const steps: TimelineStep[] = [
      { id: 'draft', label: 'Draft', state: 'done', time: '19 Nov 2026, 11:00 am' },
      { id: 'paid', label: 'Paid', state: 'done', time: '20 Nov 2026, 11:00 am' },
      {
        id: 'under_review',
        label: 'Under review',
        state: 'current',
        time: '21 Nov 2026, 11:00 am',
      },
      { id: 'approved', label: 'Approved', state: 'upcoming' },
    ];
    const { container } = render(<Timeline label="Application progress" steps={steps} />);
    const items = within(screen.getByRole('list', { name: 'Application progress' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Draft (completed)19 Nov 2026, 11:00 am');
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[2]).toHaveTextContent('Under review (current step)');
    expect(items[3]).not.toHaveAttribute('aria-current');
    expect(items[3]).toHaveTextContent('Approved (not yet)');
    await expectNoAxeViolations(container);
  });

  it('ends at a failed step with its detail', async () => {
    const { container } = render(
      <Timeline
        label="Application progress"
        steps={[
          { id: 'paid', label: 'Paid', state: 'done' },
          {
            id: 'rejected',
            label: 'Rejected',
            state: 'failed',
            detail: 'Reason: income not verified',
          },
        ]}
      />,
    );
    const failed = screen.getAllByRole('listitem')[1]!;
    expect(failed).toHaveAttribute('aria-current', 'step');
    expect(failed).toHaveTextContent('Rejected (stopped here)');
    expect(failed).toHaveTextContent('Reason: income not verified');
    await expectNoAxeViolations(container);
  });
});
