import { createHash } from 'node:crypto';
import busboy from 'busboy';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { maxPhotoBytes, photoMessages, quoteRequestSchema } from '@shared/schemas/quote-request';
import {
  plainFormAction,
  plainPhotoFields,
  quoteFieldNames,
  type PlainFormErrors,
  type PlainFormState,
  type QuoteFieldName,
} from '@shared/schemas/quote-form-post';
import { leadSourceField } from '@shared/lead-source';
import { spamSignals } from '@shared/schemas/spam-signals';
import { textConsentOf } from './quote-requests';
import { isDatabaseUnavailable } from '../db/errors';
import { retryAfterSeconds, unavailableMessage } from '../http/error-handler';
import { businessOf, siteContentOf } from '../http/homeowner-shell';
import { bodyMessages, bodyReader, fieldsWithNul, NulInBody } from '../http/request-body';
import { plainQuotePage, type RenderQuotePage } from '../http/quote-page';
import { rateLimitMessage, type PerMinuteCounter } from '../http/rate-limit';
import { trustedOriginFor, type SiteOrigins } from '../http/site-origins';
import { safeError } from '../logger';
import { HttpError } from '../services/errors';
import type { PhotoUploads } from '../services/photo-uploads';
import { campaignFromCookie, seenLeadSource } from '../http/campaign-cookie';
import { leadSourceFromReferer } from '../services/lead-sources';
import type { QuoteService } from '../services/quote-service';
import { acceptedContentType, sniffImageType, sniffLength } from '../services/storage/image-types';

export interface QuoteFormPostDeps {
  quotes: QuoteService;
  photos: PhotoUploads;
  origins: SiteOrigins;
  /** The same allowance as POST /api/quote-requests: a visitor gets no more by mixing the two. */
  limit: PerMinuteCounter;
  /** The contact page in a given state; without it (or when it fails) a bare page says the same. */
  renderPage?: RenderQuotePage;
  /** `/visit/<token>`: the confirmation offers the request's booking page. */
  visitPathFor?: (requestId: string) => Promise<string>;
}

/** Every text field is far below this (the message is at most 5,000 characters, 20 KB in UTF-8). */
const maxFieldBytes = 32 * 1024;
/** The photo plus the fields and the multipart framing. */
const maxBodyBytes = maxPhotoBytes + 256 * 1024;

const formPostMessages = {
  tooLarge: 'Your request was too large to send. Please choose a smaller photo, or call us.',
  unreadable: 'Your request could not be read. Please try again, or call us.',
  failed: 'Something went wrong on our side and your request was not sent. Please try again, or call us.',
} as const;

/**
 * POST /contact: the quote form as a plain HTML form (URL-encoded, or multipart with a photo),
 * for visitors without JavaScript or whose scripts have not arrived yet. It is stored exactly as
 * POST /api/quote-requests stores a request (the same service: schema, spam screening, alerts,
 * idempotency), and the photo goes through the same checks as an upload. The answer is the
 * contact page: with the confirmation (200), or with the form, its values and the messages
 * beside the refused fields (400; 429 or 503 with a message about the whole form).
 *
 * A plain form cannot make an Idempotency-Key of its own, so one is derived from the content: a
 * double click or a reload that posts again stores one request.
 */
export function quoteFormPostRoutes(deps: QuoteFormPostDeps): Router {
  const router = express.Router();
  router.post(plainFormAction, readByHandler, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const answer = async (status: number, state: PlainFormState) => {
      let html: string;
      try {
        html = deps.renderPage
          ? await deps.renderPage(state, siteContentOf(res))
          : plainQuotePage(state, businessOf(res));
      } catch (error) {
        req.log?.error({ error: safeError(error) }, 'quote page render failed');
        html = plainQuotePage(state, businessOf(res));
      }
      res.status(status).type('html').send(html);
    };

    let form: PostedForm;
    try {
      form = await readForm(req);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // The body was not read to its end: do not wait for the rest on this connection.
      res.setHeader('Connection', 'close');
      await answer(error.status, { notice: error.message });
      return;
    }
    const values = Object.fromEntries(quoteFieldNames.map((name) => [name, form.fields[name] ?? ''])) as Record<
      QuoteFieldName,
      string
    >;
    const keptPhotoUrl = form.fields[plainPhotoFields.url] || undefined;
    let photoUrl = keptPhotoUrl;
    try {
      const limited = await deps.limit.check(req, res);
      if (limited.limited) {
        await answer(429, { values, photoUrl, notice: rateLimitMessage });
        return;
      }

      const body = { ...values, message: values.message || undefined };
      /** The photo was refused: say so beside it, and beside every other field the schema refuses. */
      const photoRefused = (message: string) => {
        const parsed = quoteRequestSchema.safeParse(body);
        const others = parsed.success ? {} : firstMessages(z.flattenError(parsed.error).fieldErrors);
        return answer(400, { values, fieldErrors: { ...others, photo: message } });
      };
      const photo = form.photo;
      if (photo === 'too-large') {
        await photoRefused(photoMessages.tooLarge);
        return;
      }
      if (photo) {
        try {
          photoUrl = (await deps.photos.storePhoto(photo, trustedOriginFor(req, deps.origins))).photoUrl;
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
          await photoRefused(error.message);
          return;
        }
      }

      // Refused like a field the schema refuses, after the photo is kept: nothing she sent is lost.
      if (form.withNul.length > 0) throw new NulInBody(form.withNul, bodyMessages.nulInForm);
      const { id } = await deps.quotes.submit(
        { ...body, photoUrl },
        {
          idempotencyKey: contentKey(values, photo ? photo.digest : (keptPhotoUrl ?? '')),
          origins: deps.origins.all,
          signals: { honeypot: form.fields[spamSignals.honeypotField] || undefined },
          textConsent: textConsentOf(form.fields),
          sentLeadSource: sentLeadSource(form.fields[leadSourceField]),
          // Without scripts the hidden field stays empty: the campaign cookie and the page the form
          // was sent from say what they can.
          serverSeenSource: seenLeadSource(
            campaignFromCookie(req.get('cookie')),
            leadSourceFromReferer(req.get('referer'), deps.origins.all),
          ),
          onLeadSourceRefused: (problems) =>
            req.log?.warn({ problems }, 'lead source refused, request stored without it'),
        },
      );
      const visitUrl = deps.visitPathFor ? await deps.visitPathFor(id) : undefined;
      await answer(200, { sent: { projectType: values.projectType, city: values.city.trim(), visitUrl } });
    } catch (error) {
      // 422: the derived key already stored this content (with another copy of the photo): it is in.
      if (error instanceof HttpError && error.status === 422) {
        await answer(200, { sent: { projectType: values.projectType, city: values.city.trim() } });
      } else if (error instanceof HttpError && error.status === 400) {
        const fieldErrors = firstMessages(error.details?.fieldErrors);
        // A NUL in a field she cannot see (the lead source): the whole form is told instead.
        const notice = error instanceof NulInBody && Object.keys(fieldErrors).length === 0 ? error.message : undefined;
        await answer(400, { values, fieldErrors, notice, photoUrl: fieldErrors.photo ? undefined : photoUrl });
      } else if (isDatabaseUnavailable(error)) {
        req.log?.warn({ error: safeError(error) }, 'database unavailable');
        res.setHeader('Retry-After', String(retryAfterSeconds));
        await answer(503, { values, photoUrl, notice: unavailableMessage(businessOf(res)) });
      } else {
        req.log?.error({ error: safeError(error) }, 'quote form post failed');
        await answer(500, { values, photoUrl, notice: formPostMessages.failed });
      }
    }
  });
  return router;
}

/** Marks the route as one that reads a body (request-body.ts), which its handler does with readForm. */
const readByHandler = bodyReader<RequestHandler>((_req, _res, next) => next(), ['form']);

interface PostedForm {
  /** The fields, without any NUL (withNul names the fields that held one: request-body.ts). */
  fields: Record<string, string>;
  withNul: string[];
  /** The chosen photo, 'too-large', or undefined when none was chosen. */
  photo?: { content: Buffer; contentType: string | undefined; digest: string } | 'too-large';
}

/** The form's fields and photo, within the limits; HttpError 413/415/400 otherwise. */
function readForm(req: Request): Promise<PostedForm> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) return reject(new HttpError(413, formPostMessages.tooLarge));
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          fieldNameSize: 100,
          fieldSize: maxFieldBytes,
          fields: 30,
          files: 1,
          parts: 40,
          fileSize: maxPhotoBytes,
        },
      });
    } catch {
      // Not multipart/form-data nor application/x-www-form-urlencoded.
      return reject(new HttpError(415, formPostMessages.unreadable));
    }
    const fields: Record<string, string> = {};
    const withNul: string[] = [];
    let photo: PostedForm['photo'];
    let failure: HttpError | undefined;
    let received = 0;
    const fail = (error: HttpError) => {
      failure ??= error;
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(413, formPostMessages.tooLarge));
      else if (fieldsWithNul({ [name]: value }).length > 0) {
        const field = name.replaceAll('\0', '');
        withNul.push(field);
        fields[field] ??= value.replaceAll('\0', '');
      } else if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      let tooLarge = false;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (tooLarge = true));
      stream.on('end', () => {
        // A picker left empty still sends a part, with no file name and no bytes.
        if (name !== plainPhotoFields.file || (!info.filename && chunks.length === 0)) return;
        if (tooLarge) {
          photo = 'too-large';
          return;
        }
        const content = Buffer.concat(chunks);
        // Browsers name the type by the file's extension, and some know none for HEIC: then the bytes tell.
        const contentType = acceptedContentType(info.mimeType)
          ? info.mimeType
          : (sniffImageType(content.subarray(0, sniffLength)) ?? info.mimeType);
        photo = { content, contentType, digest: createHash('sha256').update(content).digest('hex') };
      });
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => fail(new HttpError(413, formPostMessages.tooLarge)));
    }
    parser.on('error', () => fail(new HttpError(400, formPostMessages.unreadable)));
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields, withNul, photo })));

    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBodyBytes) return;
      req.off('data', onData);
      req.unpipe(parser);
      reject(new HttpError(413, formPostMessages.tooLarge));
    };
    req.on('data', onData);
    req.on('aborted', () => reject(new HttpError(400, formPostMessages.unreadable)));
    req.pipe(parser);
  });
}

/**
 * An Idempotency-Key (UUID-shaped, version 8: custom) from the request's content, so the same
 * form posted twice maps to one stored request.
 */
function contentKey(values: Record<QuoteFieldName, string>, photo: string): string {
  const hex = createHash('sha256')
    .update(JSON.stringify(['plain-form', ...quoteFieldNames.map((name) => values[name].trim()), photo]))
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The hidden field's JSON, as filled by the capture script; unreadable JSON is refused data too. */
function sentLeadSource(field: string | undefined): unknown {
  if (!field) return undefined;
  try {
    return JSON.parse(field) as unknown;
  } catch {
    return 'unreadable';
  }
}

function firstMessages(fieldErrors: unknown): PlainFormErrors {
  const result: PlainFormErrors = {};
  if (!fieldErrors || typeof fieldErrors !== 'object') return result;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const message = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (typeof message !== 'string') continue;
    if (field === 'photoUrl') result.photo = message;
    else if ((quoteFieldNames as readonly string[]).includes(field)) result[field as QuoteFieldName] = message;
  }
  return result;
}
