import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, type Mock, userEvent, within } from 'storybook/test';
import { RecoveryCodes } from './recovery-codes';

const CODES = [
  'k7m2q-x9w4t',
  'p3r8s-b6n2d',
  'f4h9j-c2v7m',
  'w8e3r-t5y6u',
  'a2s3d-f4g5h',
  'z9x8c-v7b6n',
  'q2w3e-r4t5y',
  'u6i7o-p8a9s',
  'd2f3g-h4j5k',
  'm6n7b-v8c9x',
];

const meta = {
  title: 'Forms/RecoveryCodes',
  component: RecoveryCodes,
  args: { codes: CODES, onDone: fn() },
} satisfies Meta<typeof RecoveryCodes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Recovery codes' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(canvas.getByRole('button', { name: 'I have saved my codes' }));
    await expect(args.onDone).toHaveBeenCalled();
  },
};

export const WithoutDoneButton: Story = { args: { onDone: undefined } };

/**
 * The clipboard as the story wants it: `writeText` answers as given (a browser may refuse it, in
 * an iframe without permission), and the real one is back when the story ends.
 */
function clipboardThat(writeText: Mock<(text: string) => Promise<void>>) {
  return () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText },
    });
    return () => {
      // The stand-in is the navigator's own property: removing it shows the real one again.
      delete (navigator as { clipboard?: unknown }).clipboard;
    };
  };
}

const copiedWriteText = fn(async (_text: string) => {});

/** Copied: the button says so, and a status line tells a screen reader where the codes are. */
export const Copied: Story = {
  args: { onDone: undefined },
  beforeEach: clipboardThat(copiedWriteText),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy codes' }));
    await expect(copiedWriteText).toHaveBeenCalledWith(CODES.join('\n'));
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('The codes are on your clipboard.');
  },
};

/** The clipboard refused (no permission): the status says to copy the codes by hand. */
export const CopyFailed: Story = {
  args: { onDone: undefined },
  beforeEach: clipboardThat(fn(async (_text: string) => Promise.reject(new Error('denied')))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy codes' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Copying is not allowed here: select the codes and copy them by hand.',
    );
    await expect(canvas.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  },
};
