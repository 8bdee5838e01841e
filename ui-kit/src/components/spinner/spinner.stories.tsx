import type { Meta, StoryObj } from '@storybook/react-vite';
import { Spinner } from './spinner';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  args: { label: 'Loading...' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Small: Story = { args: { size: 'sm' } };

export const Medium: Story = { args: { size: 'md' } };

export const Large: Story = { args: { size: 'lg', label: 'Loading dashboard...' } };

/** Without a label the spinner is decorative: use it beside text that says what is happening. */
export const Decorative: Story = {
  args: { label: undefined },
  // The text is the story's own, not an arg: the toolbar's language picks it.
  render: (args, { globals }) => (
    <p style={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
      <Spinner {...args} />{' '}
      {globals.locale === 'hi' ? 'भुगतान की स्थिति जाँची जा रही है...' : 'Checking payment status...'}
    </p>
  ),
};
