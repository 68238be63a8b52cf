// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleQuote } from '@/test/sample-quote';
import { readPending, savePending } from './saved-quote';
import { resumePendingQuote, retryDelays, stopPendingQuote } from './send-pending-quote';

/**
 * A request kept on the device after a busy answer goes again when the server said it would take
 * it (Retry-After), not sooner and not much later; without a Retry-After, after 30 s.
 */
const fetchMock = vi.fn<typeof fetch>();
const posts = () => fetchMock.mock.calls.filter(([url]) => url === '/api/quote-requests').length;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  savePending(sampleQuote);
});

afterEach(() => {
  stopPendingQuote();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

const busy = (status: number, retryAfter?: string) =>
  new Response('{"error":"busy"}', { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} });

describe('resending a kept request', () => {
  it.each([
    [503, '90', 90_000],
    [429, '45', 45_000],
    [503, undefined, 30_000],
  ])('after a %i with Retry-After %s, waits %i ms', async (status, retryAfter, waitMs) => {
    fetchMock.mockResolvedValueOnce(busy(status, retryAfter)).mockResolvedValue(new Response(null, { status: 201 }));
    resumePendingQuote();
    await vi.advanceTimersByTimeAsync(0);
    expect(posts()).toBe(1);

    await vi.advanceTimersByTimeAsync(waitMs - 1000);
    expect(posts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(posts()).toBe(2);
    expect(readPending()).toBeNull();
  });

  it('never waits longer than the longest backoff, whatever the server asks', async () => {
    fetchMock.mockResolvedValueOnce(busy(503, '86400')).mockResolvedValue(new Response(null, { status: 201 }));
    resumePendingQuote();
    await vi.advanceTimersByTimeAsync(retryDelays.longestMs);
    expect(posts()).toBe(2);
    expect(readPending()).toBeNull();
  });
});
