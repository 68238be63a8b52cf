import { sql } from 'drizzle-orm';
import { arizonaDay } from '@shared/arizona-time';
import { sourceNames, sourceOf, sourceOfTouch } from '@shared/lead-source-name';
import {
  contactTapSchema,
  leadSourceSchema,
  tapSource,
  touchFromUrls,
  touchSchema,
  type ContactTap,
  type LeadSource,
} from '@shared/schemas/lead-source';
import type { Database } from '../db/client';
import { contactTaps, quoteRequestSources } from '../db/schema';

/** Attribution of one request, checked, with how it was learnt. */
export interface CheckedLeadSource {
  value: LeadSource;
  capturedBy: 'script' | 'server';
}

export type LeadSourceCheck = { ok: true; source?: CheckedLeadSource } | { ok: false; problems: string[] };

/**
 * The attribution sent with a request, checked by the shared schema. It is checked apart from the
 * request: a refused attribution is dropped and the request stored without it. `problems` names
 * the fields and rules that failed, never their values (they are logged).
 */
export function checkLeadSource(raw: unknown, capturedBy: CheckedLeadSource['capturedBy']): LeadSourceCheck {
  if (raw === undefined || raw === null || raw === '') return { ok: true };
  const parsed = leadSourceSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`),
    };
  }
  return { ok: true, source: { value: parsed.data, capturedBy } };
}

/**
 * What a form post without scripts tells: its Referer is the page the form was on, so its path
 * and campaign tags are the landing page (the site before it is not known). A Referer from
 * another site names that site. Nothing (no Referer, or one that is unusable): undefined.
 */
export function leadSourceFromReferer(referer: string | undefined, siteOrigins: readonly string[]): unknown {
  if (!referer) return undefined;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  const at = Date.now();
  const touch = siteOrigins.includes(url.origin)
    ? touchFromUrls(url.href, undefined, at)
    : { at, referrer: url.hostname.toLowerCase() };
  return touchSchema.safeParse(touch).success ? { first: touch } : undefined;
}

/** Stores a request's attribution in the request's transaction, with its derived source name. */
export async function storeLeadSource(tx: Database, quoteRequestId: string, checked: CheckedLeadSource): Promise<void> {
  const { value, capturedBy } = checked;
  const credited = value.last ?? value.first;
  const { source, medium } = sourceOf(value);
  await tx.insert(quoteRequestSources).values({
    quoteRequestId,
    source,
    medium,
    campaign: credited.utm_campaign ?? null,
    landingPage: credited.landingPage ?? null,
    referrer: credited.referrer ?? null,
    capturedBy,
    touches: value,
  });
}

/** The body of a contact-tap beacon (text/plain JSON from sendBeacon): the tap, or null when it is not one. */
export function parseContactTap(body: string): ContactTap | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = contactTapSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The source a tap counts under: its touch's, Direct without one, Other when what it sent is not a touch. */
function tapSourceName(tap: ContactTap): string {
  const touch = tapSource(tap);
  return touch === 'malformed' ? sourceNames.other : sourceOfTouch(touch).source;
}

/** Counts one tap: one more for its Arizona day, source, page and kind. */
export async function recordContactTap(db: Database, tap: ContactTap, now = new Date()): Promise<void> {
  await db
    .insert(contactTaps)
    .values({
      day: arizonaDay(now),
      source: tapSourceName(tap),
      page: tap.page,
      kind: tap.kind,
      count: 1,
    })
    .onConflictDoUpdate({
      target: [contactTaps.day, contactTaps.source, contactTaps.page, contactTaps.kind],
      set: { count: sql`${contactTaps.count} + 1` },
    });
}

/**
 * Crawlers, link previews, monitors and scripted browsers: their taps are not people's. Matched on
 * the User-Agent; a request without one is not a browser either.
 */
const botAgents =
  /bot|crawl|spider|slurp|scrape|headless|lighthouse|pagespeed|preview|facebookexternalhit|embedly|curl|wget|python|httpclient|okhttp|go-http|java\/|node-fetch|undici|axios|monitor|pingdom|uptime/i;

export function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent || botAgents.test(userAgent);
}
