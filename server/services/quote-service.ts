import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  photoMessages,
  quoteRequestFields,
  quoteRequestSchema,
  storedQuoteFields,
  type QuoteRequest,
} from '@shared/schemas/quote-request';
import type { Database, DatabaseHandle } from '../db/client';
import { deliveries, idempotencyKeys, quoteRequestStates, quoteRequests, type DeliveryKind } from '../db/schema';
import { assertJsonObject, HttpError } from './errors';
import { checkLeadSource, storeLeadSource, type CheckedLeadSource } from './lead-sources';
import { claimUpload } from './photo-uploads';
import { enqueuePushes } from './push/devices';
import { screenQuote, type FormSignals } from './spam-screen';
import type { PhotoStorage } from './storage/types';

const invalidQuoteMessage = 'Please check the highlighted fields.';
const keyReusedMessage =
  'This Idempotency-Key was already used for a different request. Send a new request with a new key.';

/** How long an Idempotency-Key answers with the request it created. */
export const idempotencyWindowHours = 24;

export interface SubmitContext {
  /** The Idempotency-Key header, already checked to be a UUID. */
  idempotencyKey?: string;
  /** The site's configured origins: a local photoUrl must be on one of them. */
  origins: readonly string[];
  /** The form's honeypot and fill time (headers of the JSON API, fields of a form post). */
  signals?: FormSignals;
  /**
   * Where the visitor came from, as the page recorded it (parsed JSON of the X-Lead-Source header,
   * or of the plain form's hidden field), checked here apart from the request.
   */
  sentLeadSource?: unknown;
  /** Without a sent one: what the server saw of a form post without scripts (see leadSourceFromReferer). */
  serverSeenSource?: unknown;
  /** Text me about my request was ticked (`textConsent: true` beside the body, as the spam signals are). */
  textConsent?: boolean;
  /** The attribution sent was refused and dropped (the request is stored without it): which rules failed. */
  onLeadSourceRefused?: (problems: string[]) => void;
}

export interface SubmitResult {
  id: string;
  /** True when the key had already stored this request: nothing new was written. */
  replayed: boolean;
}

export interface QuoteService {
  /** Validates and stores one quote request; throws HttpError 400 with `fieldErrors` when refused. */
  submit(body: unknown, context: SubmitContext): Promise<SubmitResult>;
}

export interface QuoteServiceOptions {
  database: DatabaseHandle;
  storage: PhotoStorage;
  /** What each stored request (not screened as spam) sends: written to the outbox with it. */
  deliveryKinds: readonly DeliveryKind[];
  /** Called after a request with deliveries was committed (wakes the outbox worker). */
  onStored?: () => void;
  /** Texts (server/services/texts): with her consent, the text at once with her booking link. */
  texts?: {
    /** Before the transaction: what the link needs loaded (its key), so nothing else is read during it. */
    prepare: () => Promise<void>;
    queue: (tx: Database, request: { id: string; name: string; phone: string }) => Promise<boolean>;
  };
}

/** Thrown inside the transaction when another request already holds the key: rolls it back. */
class KeyTaken extends Error {}

export function createQuoteService(options: QuoteServiceOptions): QuoteService {
  const { db } = options.database;

  async function requestForKey(key: string): Promise<{ id: string; fingerprint: string } | undefined> {
    const [row] = await db
      .select({ id: idempotencyKeys.quoteRequestId, fingerprint: idempotencyKeys.fingerprint })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key), gt(idempotencyKeys.createdAt, windowStart())));
    return row;
  }

  /** The answer for a key that already stored a request: the same id, or 422 for other content. */
  function replay(existing: { id: string; fingerprint: string }, fingerprint: string): SubmitResult {
    if (existing.fingerprint !== fingerprint) throw new HttpError(422, keyReusedMessage);
    return { id: existing.id, replayed: true };
  }

  return {
    async submit(body, context) {
      assertJsonObject(body);
      const parsed = quoteRequestSchema.safeParse(body);
      if (!parsed.success) throw refused(z.flattenError(parsed.error).fieldErrors);
      const quote = parsed.data;
      const leadSource = leadSourceOf(context);
      const fingerprint = fingerprintOf(quote);
      const key = context.idempotencyKey;

      // A retry of a request that was stored: answer at once, before any photo work.
      const earlier = key ? await requestForKey(key) : undefined;
      if (earlier) return replay(earlier, fingerprint);

      let photoKey: string | null = null;
      if (quote.photoUrl) {
        photoKey = options.storage.keyOf(quote.photoUrl, context.origins);
        if (!photoKey || !(await options.storage.hasPhoto(photoKey)))
          throw refused({ photoUrl: [photoMessages.notFound] });
      }

      const screening = screenQuote(quote, context.signals ?? {});
      const kinds = screening.spam ? [] : options.deliveryKinds;
      const texts = context.textConsent && !screening.spam ? options.texts : undefined;
      await texts?.prepare();
      let texted = false;
      try {
        const id = await options.database.transaction(async (tx) => {
          const id = await insertQuote(tx, quote);
          await tx.insert(quoteRequestStates).values({
            quoteRequestId: id,
            status: screening.spam ? 'spam' : 'new',
            spamReason: screening.spam ? screening.reason : null,
          });
          if (leadSource) await storeLeadSource(tx, id, leadSource);
          if (photoKey) await claimUpload(tx, photoKey);
          if (key) {
            // An expired key (older than the window) is taken over; a live one belongs to the
            // request that wrote it, also when that request is committing right now.
            const claimed = await tx
              .insert(idempotencyKeys)
              .values({ key, quoteRequestId: id, fingerprint })
              .onConflictDoUpdate({
                target: idempotencyKeys.key,
                set: { quoteRequestId: id, fingerprint, createdAt: sql`now()` },
                setWhere: sql`${idempotencyKeys.createdAt} <= ${windowStart()}`,
              })
              .returning({ key: idempotencyKeys.key });
            if (claimed.length === 0) throw new KeyTaken();
          }
          const rows = kinds.filter((kind) => kind !== 'owner_push');
          if (rows.length > 0) {
            await tx.insert(deliveries).values(rows.map((kind) => ({ quoteRequestId: id, kind })));
          }
          if (kinds.includes('owner_push')) await enqueuePushes(tx, id, 'owner_push');
          if (texts) texted = await texts.queue(tx, { id, name: quote.name, phone: quote.phone });
          return id;
        });
        if (kinds.length > 0 || texted) options.onStored?.();
        return { id, replayed: false };
      } catch (error) {
        if (!(error instanceof KeyTaken) || !key) throw error;
        const winner = await requestForKey(key);
        if (!winner) throw new Error('Idempotency key vanished after a conflict');
        return replay(winner, fingerprint);
      }
    },
  };
}

/**
 * The attribution of a request, checked apart from it: refused data is dropped (and reported
 * through onLeadSourceRefused), never a reason to refuse the request.
 */
function leadSourceOf(context: SubmitContext): CheckedLeadSource | undefined {
  const sent = context.sentLeadSource;
  const checked =
    sent !== undefined && sent !== null && sent !== ''
      ? checkLeadSource(sent, 'script')
      : checkLeadSource(context.serverSeenSource, 'server');
  if (checked.ok) return checked.source;
  context.onLeadSourceRefused?.(checked.problems);
  return undefined;
}

async function insertQuote(tx: Database, quote: QuoteRequest): Promise<string> {
  const [row] = await tx.insert(quoteRequests).values(storedQuoteFields(quote)).returning({ id: quoteRequests.id });
  if (!row) throw new Error('The insert returned no row');
  return row.id;
}

function windowStart(): Date {
  return new Date(Date.now() - idempotencyWindowHours * 3600_000);
}

/**
 * The request's content in a fixed order (the schema's, pinned by its test: a change would make a
 * retry across a deploy look like other content): the same form sent twice hashes the same.
 */
function fingerprintOf(quote: QuoteRequest): string {
  const fields = quoteRequestFields.map((field) => quote[field] ?? '');
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
}

function refused(fieldErrors: Record<string, string[] | undefined>) {
  return new HttpError(400, invalidQuoteMessage, { fieldErrors });
}
