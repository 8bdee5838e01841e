import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from '../button/button';
import { Modal } from './modal';

describe('Modal', () => {
  it('opens from its trigger, traps focus, closes on Escape and returns focus', async () => {
    render(
      <Modal
        title="Contact Support"
        description="We answer within one working day."
        trigger={<Button variant="secondary">Contact Support</Button>}
      >
        <p>Write to us or call us.</p>
      </Modal>,
    );
    const trigger = screen.getByRole('button', { name: 'Contact Support' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Contact Support' });
    expect(dialog).toHaveAccessibleDescription('We answer within one working day.');
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await expectNoAxeViolations(dialog);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    await expectNoAxeViolations();
  });
});
