// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY, resetToasts, toast, useToast } from './use-toast';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps at most one toast: a new toast replaces the current one', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Newest wins' });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: 'Second', description: 'Newest wins', open: true });
  });

  it('defaults to a 5 second, non-destructive toast and keeps explicit options', () => {
    const { result } = renderHook(() => useToast());
    act(() => void toast({ title: 'Saved' }));
    expect(result.current.toasts[0]).toMatchObject({ duration: 5000, variant: 'default' });
    act(() => void toast({ title: 'Oops', variant: 'destructive', duration: 8000 }));
    expect(result.current.toasts[0]).toMatchObject({ duration: 8000, variant: 'destructive' });
  });

  it('closes a dismissed toast at once and removes it from the store after 1,000,000 ms', () => {
    const { result } = renderHook(() => useToast());
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Bye' });
    });
    act(() => handle?.dismiss());
    expect(result.current.toasts[0]).toMatchObject({ title: 'Bye', open: false });
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });
});
