// Kept instead of express.json() (body-parser): it lets other content types through with no body,
// takes UTF-16, and words its own errors, where the API answers 415/413/400 with the spec's messages.
import type { RequestHandler } from 'express';
import { HttpError } from '../services/errors';
import { bodyReader, fieldsWithNul, NulInBody } from './request-body';

const jsonType = /^application\/json\s*(;|$)/i;
const charsetParam = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/**
 * JSON-only request bodies, read in full up to `limitBytes`: another content type (or a charset
 * other than UTF-8) is refused with 415, a larger body with 413, malformed JSON with 400, and
 * JSON holding a NUL character with 400 (request-body.ts: the database cannot store one).
 * Any JSON value parses, so the route can answer a non-object body with its own 400.
 * `allowEmpty`: a request without a body passes through with `req.body` undefined.
 *
 * A few lines instead of a general body parser: the quote API reads one small JSON shape, and
 * this runs on every submission.
 */
export function jsonBody(options: { limitBytes: number; allowEmpty?: boolean }): RequestHandler {
  const { limitBytes, allowEmpty = false } = options;
  const read: RequestHandler = (req, _res, next) => {
    const contentType = req.headers['content-type'] ?? '';
    const declaredBytes = Number(req.headers['content-length'] ?? 0);
    const hasBody = req.headers['transfer-encoding'] !== undefined || declaredBytes > 0;
    const declaresJson = jsonType.test(contentType);
    if (hasBody ? !declaresJson : !declaresJson && !allowEmpty) {
      next(new HttpError(415, 'Please send JSON with the header Content-Type: application/json.'));
      return;
    }
    const charset = charsetParam.exec(contentType)?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      next(new HttpError(415, 'Please send JSON encoded as UTF-8.'));
      return;
    }
    if (!hasBody) {
      req.body = undefined;
      next();
      return;
    }
    if (declaredBytes > limitBytes) {
      next(tooLarge());
      return;
    }

    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const finish = (error?: HttpError) => {
      if (done) return;
      done = true;
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (error) {
        // Stop reading; Node discards the rest of the body once the answer is sent.
        req.pause();
        next(error);
        return;
      }
      const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
      try {
        req.body = JSON.parse(text) as unknown;
      } catch {
        next(new HttpError(400, 'The request could not be read. Please send valid JSON.'));
        return;
      }
      const withNul = fieldsWithNul(req.body);
      next(withNul.length > 0 ? new NulInBody(withNul) : undefined);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) finish(tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = () => finish(new HttpError(400, 'The request could not be read.'));
    const onAborted = () => finish(new HttpError(400, 'The request was cut off.'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  };
  return bodyReader(read, ['json']);
}

const tooLarge = () => new HttpError(413, 'The request is too large.');
