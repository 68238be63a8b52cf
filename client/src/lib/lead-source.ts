import {
  contactTapPath,
  isCampaignTouch,
  leadSourceField,
  leadSourceFormAttribute,
  leadSourceLifetimeMs,
  touchFromUrls,
  type ContactTapKind,
  type LeadSource,
  type Touch,
} from '@shared/lead-source';

/*
 * Where the visitor came from, kept in this browser's localStorage for 90 days (the privacy page
 * says so) and sent only with a quote request: no cookie, nothing sent on arrival. A tap on a
 * call or text link sends a beacon with the page and that source, nothing about the person.
 * Plain TypeScript without React or zod, so it lives in the page's entry: the entry adds its two
 * listeners at once and records the arrival once the page has painted.
 */

export const leadSourceStorageKey = 'rcc-lead-source';

function isTouch(value: unknown): value is Touch {
  return typeof value === 'object' && value !== null && typeof (value as Touch).at === 'number';
}

/**
 * What this browser keeps, without touches older than 90 days (a last touch outlives the first
 * one it followed: it becomes the first). Storage blocked, full or holding anything: undefined.
 */
export function readLeadSource(now = Date.now()): LeadSource | undefined {
  let stored: unknown;
  try {
    const text = localStorage.getItem(leadSourceStorageKey);
    stored = text === null ? null : JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { first, last } = stored as { first?: unknown; last?: unknown };
  const fresh = (touch: unknown): touch is Touch => isTouch(touch) && now - touch.at < leadSourceLifetimeMs;
  const kept = [first, last].filter(fresh);
  if (kept.length === 0) {
    forget();
    return undefined;
  }
  return kept.length === 2 ? { first: kept[0]!, last: kept[1]! } : { first: kept[0]! };
}

function save(leadSource: LeadSource): void {
  try {
    localStorage.setItem(leadSourceStorageKey, JSON.stringify(leadSource));
  } catch {
    // Full or blocked: the request goes without its source.
  }
}

function forget(): void {
  try {
    localStorage.removeItem(leadSourceStorageKey);
  } catch {
    // Blocked: nothing was kept either.
  }
}

const sameArrival = (a: Touch | undefined, b: Touch) =>
  a !== undefined && JSON.stringify({ ...a, at: 0 }) === JSON.stringify({ ...b, at: 0 });

/**
 * Records an arrival: the first one is kept as the first touch; a later one replaces the last
 * touch only when it says where it came from (campaign tags, an ad click, another site). Moving
 * between the site's pages or coming back directly changes nothing; a reload of a tagged page
 * keeps the time of the first visit.
 */
export function recordArrival(pageUrl: string, referrerUrl: string, now = Date.now()): void {
  const touch = touchFromUrls(pageUrl, referrerUrl, now);
  const stored = readLeadSource(now);
  if (!stored) {
    save({ first: touch });
    return;
  }
  if (!isCampaignTouch(touch) || sameArrival(stored.last ?? stored.first, touch)) return;
  save({ first: stored.first, last: touch });
}

/** The touch a tap or a request is credited to: the last that said where it came from, or the first. */
export const creditedTouch = (leadSource: LeadSource | undefined) => leadSource?.last ?? leadSource?.first;

/** A tap on a call or text link: counted by the server, with the page and the credited touch only. */
function sendTap(kind: ContactTapKind): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  recordThisArrival();
  const source = creditedTouch(readLeadSource());
  const body = JSON.stringify({ kind, page: location.pathname.slice(0, 300), ...(source ? { source } : {}) });
  try {
    navigator.sendBeacon(contactTapPath, body);
  } catch {
    // A beacon refused by the browser (too large, blocked): the call goes ahead all the same.
  }
}

function onClick(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const href = link?.getAttribute('href') ?? '';
  if (href.startsWith('tel:')) sendTap('call');
  else if (href.startsWith('sms:')) sendTap('text');
}

/** A plain form being sent carries the attribution in its hidden field (server/routes/quote-form-post.ts). */
function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute(leadSourceFormAttribute)) return;
  recordThisArrival();
  const field = form.elements.namedItem(leadSourceField);
  const leadSource = readLeadSource();
  if (field instanceof HTMLInputElement && leadSource) field.value = JSON.stringify(leadSource);
}

let recorded = false;
/** This page load's arrival, recorded once: in a quiet moment after the paint, or at the first tap or post before that. */
function recordThisArrival(): void {
  if (recorded) return;
  recorded = true;
  recordArrival(location.href, document.referrer);
}

let listening = false;

/**
 * Listens for taps on call and text links and for plain form posts. Two listeners and no other
 * work, so the entry adds them at once: a visitor who calls within the first second counts too.
 */
export function listenForLeadSource(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
}

/** Records this arrival (and listens, if that has not started). Once per page load. */
export function startLeadSource(): void {
  if (typeof window === 'undefined') return;
  listenForLeadSource();
  recordThisArrival();
}
