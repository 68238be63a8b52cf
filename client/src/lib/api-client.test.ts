import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn, parseRetryAfter } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const lastInit = (): RequestInit => fetchMock.mock.calls.at(-1)?.[1] ?? {};

describe('apiRequest', () => {
  it('sends a payload as JSON with a JSON content type and credentials', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 201 }));
    const response = await apiRequest('POST', '/api/quote-requests', { name: 'Dale' });
    expect(response.status).toBe(201);
    expect(fetchMock).toHaveBeenCalledWith('/api/quote-requests', expect.anything());
    expect(lastInit()).toEqual({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"Dale"}',
      credentials: 'include',
    });
  });

  it('sends neither a body nor a content type without a payload', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/objects/upload');
    expect(lastInit()).toEqual({ method: 'POST', headers: {}, body: undefined, credentials: 'include' });
  });

  it("throws '<status>: <body text>' on a non-2xx answer", async () => {
    fetchMock.mockResolvedValue(
      new Response('{"error":"Too many requests"}', { status: 429, statusText: 'Too Many Requests' }),
    );
    const error = await apiRequest('POST', '/api/quote-requests', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('429: {"error":"Too many requests"}');
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).body).toBe('{"error":"Too many requests"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiRequest('DELETE', '/api/thing')).rejects.toThrow(new Error('500: Internal Server Error'));
  });

  it('passes network failures through unchanged', async () => {
    const failure = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(failure);
    await expect(apiRequest('POST', '/api/quote-requests', {})).rejects.toBe(failure);
  });
});

describe('getQueryFn', () => {
  async function query(on401: 'returnNull' | 'throw', queryKey: readonly unknown[]) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return client.fetchQuery({ queryKey, queryFn: getQueryFn<{ ok: boolean }>({ on401 }) });
  }

  it('GETs the query key joined by slashes with credentials and parses JSON', async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    await expect(query('throw', ['/api/things', 42, 'photos'])).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/things/42/photos');
    expect(lastInit()).toMatchObject({ credentials: 'include' });
    expect(lastInit().method).toBeUndefined();
  });

  it("returns null on 401 in 'returnNull' mode", async () => {
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    await expect(query('returnNull', ['/api/me'])).resolves.toBeNull();
  });

  it("throws on 401 in 'throw' mode", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(query('throw', ['/api/me'])).rejects.toThrow('401: Unauthorized');
  });

  it('throws other failures in both modes', async () => {
    fetchMock.mockResolvedValue(new Response('gone', { status: 404, statusText: 'Not Found' }));
    await expect(query('returnNull', ['/api/missing'])).rejects.toThrow('404: gone');
  });
});

describe('Retry-After', () => {
  it('is read from a refused answer, in seconds or as a date', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"error":"busy"}', { status: 503, headers: { 'Retry-After': '12' } }),
    );
    const error = await apiRequest('POST', '/api/quote-requests', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterMs).toBe(12_000);
    expect((error as ApiError).message).toBe('503: {"error":"busy"}');

    const now = Date.parse('2026-11-24T18:00:00Z');
    expect(parseRetryAfter('Tue, 24 Nov 2026 18:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 17:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(new ApiError(429, '', 'Too Many Requests').retryAfterMs).toBeUndefined();
  });
});
