import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type Ref, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { TextField } from './text-field';

function ControlledCity({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      ref={inputRef}
      name="city"
      label="City"
      value={value}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

describe('TextField', () => {
  it('is labelled and describes itself with its hint', async () => {
    const { container } = render(
      <TextField name="full_name" label="Full Name" hint="As on your PAN card" />,
    );
    const input = screen.getByRole('textbox', { name: 'Full Name' });
    expect(input).toHaveAccessibleDescription('As on your PAN card');
    expect(input).not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations(container);
  });

  it('wires the error through aria-invalid and aria-describedby once touched', async () => {
    const { container, rerender } = render(
      <TextField
        name="full_name"
        label="Full Name"
        error="Full name is required"
        touched={false}
      />,
    );
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    rerender(
      <TextField name="full_name" label="Full Name" error="Full name is required" touched />,
    );
    const input = screen.getByRole('textbox', { name: 'Full Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Full name is required');
    await expectNoAxeViolations(container);
  });

  it('works as a controlled Formik-style input and forwards its ref', async () => {
    const ref = createRef<HTMLInputElement>();
    const { container } = render(<ControlledCity inputRef={ref} />);
    ref.current?.focus();
    await userEvent.keyboard('Kochi');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Kochi');
    expect(ref.current).toHaveFocus();
    await expectNoAxeViolations(container);
  });
});
