import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { StepIndicator } from './step-indicator';

const steps = [
  { title: 'Personal Information', subtitle: 'Basic details and identity' },
  { title: 'Bank Information', subtitle: 'Your banking details' },
  { title: 'Address Information', subtitle: 'Contact and location details' },
];

describe('StepIndicator', () => {
  it('marks done, current and upcoming steps', async () => {
    const { container } = render(<StepIndicator steps={steps} currentStep={2} />);
    const list = screen.getByRole('list', { name: 'Progress' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Step 1 of 3: Personal Information (completed)');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).toHaveTextContent('Bank Information (current step)');
    expect(items[1]).toHaveTextContent('Your banking details');
    expect(items[2]).not.toHaveAttribute('aria-current');
    expect(items[2]).toHaveTextContent('Address Information (not started)');
    await expectNoAxeViolations(container);
  });
});
