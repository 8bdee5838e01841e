import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TotpSetup } from './totp-setup';

/** A stand-in QR code (a real one is drawn by the server from the otpauth:// address). */
const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0zM9 9h3v3H9z"/></svg>';

const meta = {
  title: 'Forms/TotpSetup',
  component: TotpSetup,
  args: { qrSvg: QR_SVG, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', onSubmit: fn() },
} satisfies Meta<typeof TotpSetup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { qrSvg: undefined, secret: undefined } };

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    await expect(canvas.getByLabelText(/setup key/)).toHaveValue(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await expect(canvas.getByRole('button', { name: 'Verify and turn on' })).toBeDisabled();
  },
};

export const CodeEntered: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify and turn on' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('123456');
  },
};

export const Verifying: Story = { args: { busy: true } };

export const WrongCode: Story = { args: { error: 'Invalid code' } };
