import { quoteFieldNames, type QuoteFieldName } from '@shared/schemas/quote-form-post';
import type { QuotePayload, SubmitSignals } from './post-quote';
import { quoteStorageKeys as storageKeys } from './quote-storage-keys';

/*
 * What the quote form keeps in this browser's localStorage (the privacy page says so): the draft
 * being typed, a request waiting to be sent, and what was last sent (for the confirmation). Never
 * the photo itself: only the address of a photo already uploaded. Storage can be full, blocked or
 * hold anything: every read is checked and every failure ignored (the form then works as before).
 */

const day = 24 * 3600_000;
/** A draft older than this is dropped: nobody expects a month-old form to be filled in. */
export const draftLifetimeMs = 30 * day;
/** A waiting request older than this is dropped rather than sent out of the blue. */
export const pendingLifetimeMs = 7 * day;
/** The confirmation shows for this long at most (or until a new request is started). */
export const sentLifetimeMs = 7 * day;

type DraftValues = Partial<Record<QuoteFieldName, string>>;

interface QuoteDraft {
  values: DraftValues;
  photo?: { url: string; fileName: string };
  /** When the visitor began this request: its fill time for spam screening counts from here. */
  startedAt: number;
  savedAt: number;
}

export interface PendingQuote {
  payload: QuotePayload;
  signals: SubmitSignals;
  savedAt: number;
}

interface SentQuote {
  projectType: string;
  city: string;
  /** The request's booking page (`/visit/<token>`), offered with the confirmation. */
  visitUrl?: string;
  sentAt: number;
}

function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked: the form still works, it only forgets.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const fresh = (savedAt: unknown, lifetime: number, now: number) =>
  typeof savedAt === 'number' && savedAt <= now + 60_000 && now - savedAt < lifetime;

/** A draft keeps what the visitor typed or picked: every field of the form (the photo apart). */
const draftFields = quoteFieldNames;
/** A kept request has every field the schema requires (all but the message). */
const requiredFields = quoteFieldNames.filter((field) => field !== 'message');

export function readDraft(now = Date.now()): QuoteDraft | null {
  const stored = read(storageKeys.draft);
  if (!isRecord(stored) || !isRecord(stored.values) || !fresh(stored.savedAt, draftLifetimeMs, now)) return null;
  const values: DraftValues = {};
  for (const field of draftFields) {
    const value = stored.values[field];
    if (isString(value) && value) values[field] = value;
  }
  const photo =
    isRecord(stored.photo) && isString(stored.photo.url) && isString(stored.photo.fileName)
      ? { url: stored.photo.url, fileName: stored.photo.fileName }
      : undefined;
  if (Object.keys(values).length === 0 && !photo) return null;
  const savedAt = stored.savedAt as number;
  const startedAt = typeof stored.startedAt === 'number' && stored.startedAt <= savedAt ? stored.startedAt : savedAt;
  return { values, ...(photo ? { photo } : {}), startedAt, savedAt };
}

/** Saves what the form holds; an empty form removes the draft. */
export function saveDraft(draft: Pick<QuoteDraft, 'values' | 'photo'>, now = Date.now()): void {
  const values: DraftValues = {};
  for (const field of draftFields) {
    const value = draft.values[field];
    if (value) values[field] = value;
  }
  if (Object.keys(values).length === 0 && !draft.photo) return clearDraft();
  const startedAt = readDraft(now)?.startedAt ?? now;
  write(storageKeys.draft, { values, ...(draft.photo ? { photo: draft.photo } : {}), startedAt, savedAt: now });
}

export function clearDraft(): void {
  remove(storageKeys.draft);
}

export function readPending(now = Date.now()): PendingQuote | null {
  const stored = read(storageKeys.pending);
  if (!isRecord(stored) || !isRecord(stored.payload) || !isRecord(stored.signals)) return null;
  if (!fresh(stored.savedAt, pendingLifetimeMs, now)) {
    clearPending();
    return null;
  }
  const { payload, signals } = stored;
  if (!requiredFields.every((field) => isString(payload[field]))) return null;
  if (!isString(signals.idempotencyKey) || typeof signals.fillMs !== 'number') return null;
  return {
    payload: payload as unknown as QuotePayload,
    signals: {
      idempotencyKey: signals.idempotencyKey,
      fillMs: signals.fillMs,
      honeypot: isString(signals.honeypot) ? signals.honeypot : '',
    },
    savedAt: stored.savedAt as number,
  };
}

/** Keeps one request to send later (a newer one replaces it). */
export function savePending(pending: Omit<PendingQuote, 'savedAt'>, now = Date.now()): void {
  write(storageKeys.pending, { ...pending, savedAt: now });
}

/** Removes the waiting request; with a key, only if it is still that request. */
export function clearPending(idempotencyKey?: string): void {
  if (idempotencyKey !== undefined && readPending()?.signals.idempotencyKey !== idempotencyKey) return;
  remove(storageKeys.pending);
}

export function readSent(now = Date.now()): SentQuote | null {
  const stored = read(storageKeys.sent);
  if (!isRecord(stored) || !isString(stored.projectType) || !isString(stored.city)) return null;
  if (!fresh(stored.sentAt, sentLifetimeMs, now)) return null;
  const visitUrl =
    isString(stored.visitUrl) && /^\/visit\/[A-Za-z0-9_-]+$/.test(stored.visitUrl) ? stored.visitUrl : undefined;
  return {
    projectType: stored.projectType,
    city: stored.city,
    ...(visitUrl ? { visitUrl } : {}),
    sentAt: stored.sentAt as number,
  };
}

export function saveSent(sent: { projectType: string; city: string; visitUrl?: string }, now = Date.now()): void {
  write(storageKeys.sent, { projectType: sent.projectType, city: sent.city, visitUrl: sent.visitUrl, sentAt: now });
}

export function clearSent(): void {
  remove(storageKeys.sent);
}
