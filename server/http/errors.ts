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
