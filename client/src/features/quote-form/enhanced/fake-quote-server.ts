import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetToasts } from '@/lib/use-toast';
import { stopPendingQuote } from '../sending/send-pending-quote';

/**
 * The server behind fetch for the full quote form's tests: the photo's upload URL and PUT, and the
 * request's POST, each answering as the real one does unless a test replaces its handler.
 */

export const uploadBase = 'https://storage.example.com/quote-photos/3f1c2b9e.png';
export const uploadURL = `${uploadBase}?X-Amz-Signature=abc123&X-Amz-Expires=300`;

type Handler = (init: RequestInit) => Response | Promise<Response>;
/** How the fake server answers each request; reset before each test, replaced by a test to answer otherwise. */
export const handlers = {} as { upload: Handler; put: Handler; submit: Handler };
export const fetchMock = vi.fn<typeof fetch>();

export const callsTo = (method: string, url: string | RegExp) =>
  fetchMock.mock.calls.filter(([input, init]) => {
    const target = String(input);
    return (init?.method ?? 'GET') === method && (typeof url === 'string' ? target === url : url.test(target));
  });
export const submitCalls = () => callsTo('POST', '/api/quote-requests');
export const submittedBody = (index = 0) =>
  JSON.parse(String(submitCalls()[index]?.[1]?.body)) as Record<string, unknown>;

/** Before each test of the calling file, fetch answers as the server would; after it, nothing is left behind. */
export function fakeServerEachTest() {
  beforeEach(() => {
    Object.assign(handlers, {
      upload: () => Response.json({ uploadURL }),
      put: () => new Response(null, { status: 200 }),
      submit: () => Response.json({ id: '8d0f7c4e-0b7a-4c55-9a53-3c0f1b2e6a11' }, { status: 201 }),
    });
    fetchMock.mockReset().mockImplementation(async (input, init = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      if (method === 'POST' && url === '/api/objects/upload') return handlers.upload(init);
      if (method === 'PUT' && url === uploadURL) return handlers.put(init);
      if (method === 'POST' && url === '/api/quote-requests') return handlers.submit(init);
      throw new Error(`Unexpected request ${method} ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    cleanup();
    act(() => resetToasts());
    vi.unstubAllGlobals();
    // The form keeps a draft and a waiting request on the device: each test starts without them.
    localStorage.clear();
    stopPendingQuote();
  });
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
