import type { QueryFunction } from '@tanstack/react-query';

/**
 * A non-2xx answer. The message is '<status>: <body text>' (or the status text when the body is
 * empty), so a log or a test shows what the server said; `status` and `body` let callers read e.g. a 400's field errors.
 */
export class ApiError extends Error {
  // Private fields with getters: the error still compares equal to a plain Error of the same message.
  readonly #status: number;
  readonly #body: string;
  readonly #retryAfterMs: number | undefined;

  constructor(status: number, body: string, statusText: string, retryAfter?: string | null) {
    super(`${status}: ${body || statusText}`);
    this.#status = status;
    this.#body = body;
    this.#retryAfterMs = parseRetryAfter(retryAfter);
  }

  /** How long the server asked to wait before sending again (its Retry-After), when it said. */
  get retryAfterMs(): number | undefined {
    return this.#retryAfterMs;
  }

  get status(): number {
    return this.#status;
  }

  /** The answer's body text ('' when empty). */
  get body(): string {
    return this.#body;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  let body = '';
  try {
    body = await response.text();
  } catch {
    // An unreadable body falls back to the status text.
  }
  throw new ApiError(response.status, body, response.statusText, response.headers.get('Retry-After'));
}

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from now; undefined when unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * A write: JSON body and content type only when there is a payload, credentials
 * always; `headers` adds to them (e.g. an Idempotency-Key). Resolves with the response of any 2xx
 * answer; throws an ApiError otherwise.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const hasPayload = data !== undefined;
  const response = await fetch(url, {
    method,
    headers: hasPayload ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: hasPayload ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * A read: GET to the query key's parts joined by '/', with credentials, parsed as
 * JSON. A 401 throws by default; with `on401: 'returnNull'` it resolves to null instead.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
