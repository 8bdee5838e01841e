import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingOverlay } from './loading-overlay';

const rows = [
  ['Asha Menon', '9876543210', '₹5,00,000'],
  ['Ravi Kumar', '9123456780', '₹75,000'],
  ['Fatima Shaikh', '9988776655', '₹2,50,000'],
];

function SampleTable() {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', textAlign: 'left' }}>
        <caption style={{ textAlign: 'left', fontWeight: 600, padding: '0.5rem 0' }}>
          Applicants
        </caption>
        <thead>
          <tr>
            <th scope="col">Applicant</th>
            <th scope="col">Contact</th>
            <th scope="col">Loan</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, phone, amount]) => (
            <tr key={name}>
              <td>{name}</td>
              <td>{phone}</td>
              <td>{amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const meta = {
  title: 'Feedback/LoadingOverlay',
  component: LoadingOverlay,
  args: { loading: true, children: <SampleTable /> },
} satisfies Meta<typeof LoadingOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Loading...');
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Idle: Story = {
  args: { loading: false },
  parameters: { englishOnly: "the back office's applicants table" },
};
