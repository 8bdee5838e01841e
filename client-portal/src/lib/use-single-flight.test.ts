import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './use-single-flight';

describe('useSingleFlight', () => {
  it('runs a second call only once the first has finished', async () => {
    let calls = 0;
    let finish: () => void = () => {};
    const { result } = renderHook(() =>
      useSingleFlight(async () => {
        calls += 1;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
      }),
    );
    let first: Promise<void> = Promise.resolve();
    await act(async () => {
      first = result.current();
      void result.current();
    });
    expect(calls).toBe(1);
    await act(async () => {
      finish();
      await first;
    });
    await act(async () => {
      void result.current();
    });
    expect(calls).toBe(2);
  });

  it('frees the lock when the action fails', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useSingleFlight(async () => {
        calls += 1;
        throw new Error('refused');
      }),
    );
    await expect(result.current()).rejects.toThrow('refused');
    await expect(result.current()).rejects.toThrow('refused');
    expect(calls).toBe(2);
  });
});
