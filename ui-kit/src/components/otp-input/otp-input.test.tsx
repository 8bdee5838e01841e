import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type Ref, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { OtpInput, type OtpInputHandle } from './otp-input';

function ControlledOtp({ otpRef }: { otpRef: Ref<OtpInputHandle> }) {
  const [otp, setOtp] = useState('');
  return (
    <>
      <OtpInput
        ref={otpRef}
        name="otp"
        value={otp}
        onChange={setOtp}
        error="Please enter the complete 6-digit OTP"
      />
      <button type="button" onClick={() => setOtp('')}>
        Reset
      </button>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

describe('OtpInput', () => {
  it('moves to the next box as digits are typed and reports completion', async () => {
    const onChange = vi.fn();
    const onComplete = vi.fn();
    const { container } = render(<OtpInput onChange={onChange} onComplete={onComplete} />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    await userEvent.click(box(1));
    await userEvent.keyboard('12345');
    expect(box(6)).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('6');
    expect(onChange).toHaveBeenLastCalledWith('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    await expectNoAxeViolations(container);
  });

  it('ignores anything but digits', async () => {
    const onChange = vi.fn();
    render(<OtpInput onChange={onChange} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('a-');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves back on Backspace in an empty box', async () => {
    render(<OtpInput />);
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
  });

  it('fills all six boxes from a pasted code', async () => {
    const onComplete = vi.fn();
    render(<OtpInput onComplete={onComplete} />);
    await userEvent.click(box(3));
    await userEvent.paste('482 913');
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('')).toBe(
      '482913',
    );
    expect(onComplete).toHaveBeenCalledWith('482913');
  });

  it('follows a controlled value and shows its error', async () => {
    const ref = createRef<OtpInputHandle>();
    const { container } = render(<ControlledOtp otpRef={ref} />);
    expect(box(1)).toHaveAccessibleDescription('Please enter the complete 6-digit OTP');
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(box(1));
    await userEvent.keyboard('99');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box(1)).toHaveValue('');
    ref.current?.focus();
    expect(box(1)).toHaveFocus();
    await expectNoAxeViolations(container);
  });
});
