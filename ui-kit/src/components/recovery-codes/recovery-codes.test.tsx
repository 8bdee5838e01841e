import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { RecoveryCodes } from './recovery-codes';

const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

describe('RecoveryCodes', () => {
  it('lists the codes and says when they are saved', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const { container } = render(<RecoveryCodes codes={CODES} onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    const items = within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual(CODES);
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(onDone).toHaveBeenCalledOnce();
    await expectNoAxeViolations(container);
  });

  it('copies the codes, one a line', async () => {
    const user = userEvent.setup();
    render(<RecoveryCodes codes={CODES} />);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('The codes are on your clipboard.');
    expect(screen.queryByRole('button', { name: 'I have saved my codes' })).not.toBeInTheDocument();
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    render(<RecoveryCodes codes={CODES} />);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Copying is not allowed here: select the codes and copy them by hand.',
    );
  });
});
