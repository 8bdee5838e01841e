import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Countdown } from './countdown';

describe('Countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down once a second and calls onDone once at 0', () => {
    const onDone = vi.fn();
    render(<Countdown seconds={5} onDone={onDone} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Redirecting to status page in 5 s...');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('Redirecting to status page in 4 s...');
    act(() => vi.advanceTimersByTime(3000));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('Redirecting to status page in 0 s...');
    expect(onDone).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('takes its own text', async () => {
    vi.useRealTimers();
    const { container } = render(
      <Countdown seconds={30} template="Account locked. Please wait {seconds} seconds." />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('Account locked. Please wait 30 seconds.');
    await expectNoAxeViolations(container);
  });
});
