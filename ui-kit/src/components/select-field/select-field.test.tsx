import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { SelectField } from './select-field';

const loanTypes = ['Personal Loan', 'Home Loan', 'Educational Loan', 'Car Loan'];

describe('SelectField', () => {
  it('lets the user pick an option with a placeholder first', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <SelectField
        name="loan_type"
        label="Loan Type"
        placeholder="Select loan type"
        options={loanTypes}
        onChange={onChange}
        defaultValue=""
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Loan Type' });
    expect(screen.getAllByRole('option')).toHaveLength(5);
    await userEvent.selectOptions(select, 'Home Loan');
    expect(select).toHaveValue('Home Loan');
    expect(onChange).toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('shows the error and marks the select invalid', async () => {
    const { container } = render(
      <SelectField
        name="loan_type"
        label="Loan Type"
        hint="Choose the loan you need"
        placeholder="Select loan type"
        options={[{ value: 'home', label: 'Home Loan' }]}
        error="Please select a loan type"
        touched
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Loan Type' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(
      'Choose the loan you need Please select a loan type',
    );
    await expectNoAxeViolations(container);
  });
});
