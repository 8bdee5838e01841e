import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
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
