// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleQuote } from '@/test/sample-quote';
import { quoteStorageKeys } from './quote-storage-keys';
import {
  clearDraft,
  clearPending,
  draftLifetimeMs,
  pendingLifetimeMs,
  readDraft,
  readPending,
  readSent,
  saveDraft,
  savePending,
  saveSent,
  sentLifetimeMs,
} from './saved-quote';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const request = sampleQuote;

describe('the draft', () => {
  it('keeps the filled-in fields and a photo address, and when the request was begun', () => {
    saveDraft(
      { values: { name: 'Dana', city: '', message: 'Porch' }, photo: { url: 'https://x/a', fileName: 'a.png' } },
      1000,
    );
    saveDraft({ values: { name: 'Dana Smith', message: 'Porch' } }, 5000);
    expect(readDraft(6000)).toEqual({
      values: { name: 'Dana Smith', message: 'Porch' },
      startedAt: 1000,
      savedAt: 5000,
    });
  });

  it('is removed when the form is empty, when cleared, and after 30 days', () => {
    saveDraft({ values: { name: 'Dana' } }, 0);
    expect(readDraft(draftLifetimeMs - 1)).not.toBeNull();
    expect(readDraft(draftLifetimeMs)).toBeNull();
    saveDraft({ values: { name: '' } }, 0);
    expect(localStorage.length).toBe(0);
    saveDraft({ values: { name: 'Dana' } });
    clearDraft();
    expect(readDraft()).toBeNull();
  });

  it('ignores what it did not write: other shapes, other fields, broken JSON', () => {
    localStorage.setItem('rcc-quote-draft', '{not json');
    expect(readDraft()).toBeNull();
    localStorage.setItem(
      'rcc-quote-draft',
      JSON.stringify({ values: { name: 'Dana', admin: 'yes', phone: 42 }, savedAt: Date.now() }),
    );
    expect(readDraft()?.values).toEqual({ name: 'Dana' });
  });

  it('does not break the form when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => saveDraft({ values: { name: 'Dana' } })).not.toThrow();
    expect(readDraft()).toBeNull();
  });
});

describe('the request waiting to be sent', () => {
  it('is kept with its Idempotency-Key, under the key the every-page check looks for', () => {
    savePending(request, 1000);
    expect(localStorage.getItem(quoteStorageKeys.pending)).toContain(request.signals.idempotencyKey);
    expect(readPending(2000)).toEqual({ ...request, savedAt: 1000 });
  });

  it('is removed only when it is still the request named', () => {
    savePending(request);
    clearPending('another-key');
    expect(readPending()).not.toBeNull();
    clearPending(request.signals.idempotencyKey);
    expect(readPending()).toBeNull();
  });

  it('is dropped after a week rather than sent out of the blue', () => {
    savePending(request, 0);
    expect(readPending(pendingLifetimeMs)).toBeNull();
    expect(localStorage.getItem(quoteStorageKeys.pending)).toBeNull();
  });

  it('is not sent when incomplete', () => {
    localStorage.setItem(
      quoteStorageKeys.pending,
      JSON.stringify({ payload: { name: 'x' }, signals: request.signals, savedAt: Date.now() }),
    );
    expect(readPending()).toBeNull();
  });
});

describe('what was sent', () => {
  it('keeps the project and city for the confirmation, for a week', () => {
    saveSent({ projectType: 'Deck', city: 'Payson' }, 0);
    expect(readSent(1)).toEqual({ projectType: 'Deck', city: 'Payson', sentAt: 0 });
    expect(readSent(sentLifetimeMs)).toBeNull();
  });
});
