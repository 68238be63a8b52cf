/**
 * An error that carries the HTTP status and a safe public message; the error middleware turns it
 * into JSON `{ error: message, ...details }` (e.g. `fieldErrors` for a refused form).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Sent as Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Refuses a request body that is not a JSON object (an array, a string, null...). */
export function assertJsonObject(body: unknown): asserts body is Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
}
