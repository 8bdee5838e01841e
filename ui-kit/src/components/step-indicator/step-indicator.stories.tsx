import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StepIndicator } from './step-indicator';

const registrationSteps = [
  { title: 'Personal Information', subtitle: 'Basic details and identity' },
  { title: 'Bank Information', subtitle: 'Your banking details' },
  { title: 'Address Information', subtitle: 'Contact and location details' },
];

const meta = {
  title: 'Navigation/StepIndicator',
  component: StepIndicator,
  args: { steps: registrationSteps, currentStep: 1 },
  argTypes: { currentStep: { control: { type: 'number', min: 1, max: 4 } } },
} satisfies Meta<typeof StepIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstStep: Story = {
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
  },
};

export const SecondStep: Story = { args: { currentStep: 2 } };

export const LastStep: Story = { args: { currentStep: 3 } };

export const AllDone: Story = { args: { currentStep: 4 } };

export const WithoutSubtitles: Story = {
  args: {
    steps: [{ title: 'Mobile' }, { title: 'Verify' }, { title: 'Done' }],
    currentStep: 2,
  },
};
