import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLazyModule } from './use-lazy-module';

describe('useLazyModule', () => {
  it('loads only once wanted, and hands over the export', async () => {
    const load = vi.fn().mockResolvedValue('dialog');
    const { result, rerender } = renderHook(({ wanted }) => useLazyModule(load, wanted), {
      initialProps: { wanted: false },
    });
    expect(load).not.toHaveBeenCalled();
    rerender({ wanted: true });
    await waitFor(() => expect(result.current.value).toBe('dialog'));
    rerender({ wanted: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the screen on a failed load, says so, and loads again on retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('charts');
    const { result } = renderHook(() => useLazyModule(load, true));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.value).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.value).toBe('charts'));
    expect(result.current.failed).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
