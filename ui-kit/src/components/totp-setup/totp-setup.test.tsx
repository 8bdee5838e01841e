import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { groupKey, TotpSetup } from './totp-setup';

const QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>';

describe('TotpSetup', () => {
  it('waits for the code with a spinner', async () => {
    const { container } = render(<TotpSetup onSubmit={() => {}} />);
    expect(screen.getByText('Preparing your code...')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows the QR code and the key, and sends the 6 digits once all are typed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(
      <TotpSetup qrSvg={QR} secret="JBSWY3DPEHPK3PXP" onSubmit={onSubmit} />,
    );
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR)}`,
    );
    expect(screen.getByLabelText(/setup key/)).toHaveValue('JBSW Y3DP EHPK 3PXP');
    const button = screen.getByRole('button', { name: 'Verify and turn on' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('12345');
    expect(button).toBeDisabled();
    await user.keyboard('6');
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith('123456');
    await expectNoAxeViolations(container);
  });

  it('shows an error and a busy button', async () => {
    const { container } = render(
      <TotpSetup
        qrSvg={QR}
        secret="JBSWY3DPEHPK3PXP"
        onSubmit={() => {}}
        busy
        error="Invalid code"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
    expect(screen.getByRole('button', { name: /Verifying/ })).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  it('groups a key in fours', () => {
    expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
