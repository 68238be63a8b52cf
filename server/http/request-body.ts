import { parse as parseQuery } from 'node:querystring';
import express, { type RequestHandler } from 'express';
import { HttpError } from '../services/errors';

/**
 * What every request body must hold to be stored: no NUL character. Postgres text cannot hold one
 * (error 22021), so a NUL that got as far as the database used to fail the whole answer with a 500
 * and save nothing. The body readers (jsonBody, formBody, and the quote form's multipart reader)
 * refuse it here, once, for every route, with a message a person can act on.
 */
export const bodyMessages = {
  /** A NUL: the answer to an API request (JSON), and beside a field of a form. */
  nul: 'Part of what you sent holds an invisible character (a NUL) that cannot be saved, so nothing was saved. Please take it out and send it again.',
  /** A form that could not be read (too large, a broken encoding). */
  tooLarge: 'What you sent is too long to be saved. Please shorten it and send it again.',
  unreadable: 'What you sent could not be read. Please try again, or call us.',
  /** On a form's page, shown again with what was typed, the character taken out. */
  nulInForm:
    'Part of what you typed held an invisible character that cannot be saved, so nothing was sent. We took it out: please check your text and send it again.',
} as const;

/** What a route's body reader reads: marked on the reader, so tests find every route that takes a body (app-routes.ts). */
export type BodyKind = 'json' | 'form';
const readsBody = Symbol('reads a request body');

/** Marks `handler` as the reader of its route's body, of these kinds. */
export function bodyReader<T extends object>(handler: T, kinds: readonly BodyKind[]): T {
  return Object.assign(handler, { [readsBody]: kinds });
}

/** The kinds of body `handler` reads; none when it reads none. */
export const bodyKindsOf = (handler: unknown): readonly BodyKind[] =>
  (typeof handler === 'function' && (handler as { [readsBody]?: readonly BodyKind[] })[readsBody]) || [];

/** The body's top-level fields (or keys) that hold a NUL anywhere inside; `''` for the body itself. */
export function fieldsWithNul(body: unknown): string[] {
  if (typeof body === 'string') return body.includes('\0') ? [''] : [];
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([key, value]) =>
    key.includes('\0') || fieldsWithNul(value).length > 0 ? [key.replaceAll('\0', '')] : [],
  );
}

/** The body with every NUL taken out: what a form's page shows again. */
export function withoutNul(body: unknown): unknown {
  if (typeof body === 'string') return body.replaceAll('\0', '');
  if (Array.isArray(body)) return body.map(withoutNul);
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key.replaceAll('\0', ''), withoutNul(value)]));
}

/** A body refused for a NUL: 400, with the fields that held one (`fieldErrors`, as the quote's API answers). */
export class NulInBody extends HttpError {
  readonly fields: string[];
  constructor(fields: readonly string[], message: string = bodyMessages.nul) {
    const named = fields.filter((field) => field !== '');
    super(400, message, { fieldErrors: Object.fromEntries(named.map((field) => [field, [message]])) });
    this.fields = named;
  }
}

/** Throws NulInBody when the body holds a NUL. */
export function refuseNul(body: unknown): void {
  const fields = fieldsWithNul(body);
  if (fields.length > 0) throw new NulInBody(fields);
}

/**
 * A plain HTML form's fields (application/x-www-form-urlencoded), flat (`extended: false`). A
 * refused body leaves `req.body` as the fields without the NUL, so the form's page can show them again.
 */
export function formBody(options: { limit: string; parameterLimit: number }): RequestHandler {
  const parse = express.urlencoded({ extended: false, ...options });
  return bodyReader<RequestHandler>(
    (req, res, next) => {
      parse(req, res, (error?: unknown) => {
        if (error) {
          next(formError(error));
          return;
        }
        const fields = fieldsWithNul(req.body);
        if (fields.length === 0) {
          next();
          return;
        }
        req.body = withoutNul(req.body);
        next(new NulInBody(fields, bodyMessages.nulInForm));
      });
    },
    ['form'],
  );
}

/** The form reader's own errors (body-parser's 413, 415, 400) as ours, so the form's page can say them. */
function formError(error: unknown): unknown {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
  if (status === 413) return new HttpError(413, bodyMessages.tooLarge);
  if (status >= 400 && status < 500) return new HttpError(status, bodyMessages.unreadable);
  return error;
}

/**
 * Express's query parser ('simple') without NUL characters: a query is read, never stored as it
 * came, so a NUL in it (`?q=%00`) is dropped rather than refused, and no search or filter meets it.
 */
export const queryWithoutNul = (query: string) => withoutNul(parseQuery(query));

/** No page or API address holds a NUL (`/estimate/%00`): 404 before any route reads it as a token or an id. */
export const nulInAddress: RequestHandler = (req, _res, next) => {
  next(/%00/.test(req.originalUrl.split('?')[0]!) ? new HttpError(404, 'Not found') : undefined);
};
