import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from './button';

describe('Button', () => {
  it('is a keyboard-operable button that defaults to type="button"', async () => {
    const onClick = vi.fn();
    const { container } = render(<Button onClick={onClick}>Continue</Button>);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
    await expectNoAxeViolations(container);
  });

  it('shows the busy label and is disabled while busy', async () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button type="submit" busy busyLabel="Signing in..." onClick={onClick}>
        Sign In →
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Sign In →')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('renders every variant with its label', async () => {
    const { container } = render(
      <>
        <Button variant="primary">Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="link">Learn More</Button>
        <Button variant="danger">Delete</Button>
      </>,
    );
    expect(screen.getAllByRole('button')).toHaveLength(4);
    await expectNoAxeViolations(container);
  });
});
