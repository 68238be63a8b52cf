// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_DURATION, resetToasts, toast } from '@/lib/use-toast';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.useRealTimers();
});

const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('Toaster', () => {
  it('shows only the latest toast in the notification region', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Link copied!' });
      toast({ title: 'Copy failed', variant: 'destructive' });
    });
    const notifications = within(region());
    expect(notifications.queryByText('Link copied!')).not.toBeInTheDocument();
    expect(notifications.getByText('Copy failed')).toBeInTheDocument();
    expect(notifications.getAllByRole('listitem')).toHaveLength(1);
  });

  it('hides a toast after the default 5 seconds', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Quote request submitted!' }));
    expect(within(region()).getByText('Quote request submitted!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION - 100));
    expect(within(region()).getByText('Quote request submitted!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(within(region()).queryByText('Quote request submitted!')).not.toBeInTheDocument();
  });

  it('closes a toast with its close button', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Photo uploaded' }));
    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    expect(within(region()).queryByText('Photo uploaded')).not.toBeInTheDocument();
  });
});
