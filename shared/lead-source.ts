/**
 * Where a visitor came from, as the site records it in the browser (client/src/lib/lead-source.ts)
 * and sends it with a quote request. Nothing here identifies a person: a landing page keeps only
 * its path and campaign tags, a referrer only its host. This module has no dependencies, so the
 * capture script that runs on every page stays tiny; the server checks the same rules with zod
 * (shared/schemas/lead-source.ts).
 */
export const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof utmKeys)[number];
/** Ad click ids: Google Ads (gclid, and gbraid/wbraid from iOS), Facebook, Microsoft Ads. */
export const clickIdKeys = ['gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid'] as const;
export type ClickIdKey = (typeof clickIdKeys)[number];

export const leadSourceLimits = {
  value: 200,
  landingPage: 2048,
  host: 253,
  page: 300,
  /** The X-Lead-Source header, URI-encoded: far more than real tags need, far below a server's header limit. */
  header: 6 * 1024,
} as const;

/** Touches are kept this long in the browser; older ones are dropped. */
export const leadSourceLifetimeMs = 90 * 24 * 3600_000;
/**
 * The times a touch may carry: none before the site recorded sources (2026-01-01), none more than
 * a day ahead of the server's clock (a phone's clock may be off, not by months).
 */
export const touchTimeLimits = { earliest: Date.UTC(2026, 0, 1), aheadMs: 24 * 3600_000 } as const;

/** The header the JSON API reads it from (the body stays the request alone, as the spam signals do). */
export const leadSourceHeader = 'X-Lead-Source';
/** The plain form's hidden field holding the attribution as JSON; the capture script fills it. */
export const leadSourceField = 'leadSource';
/** Forms carrying that field are marked with this data attribute. */
export const leadSourceFormAttribute = 'data-lead-source';

/** One arrival at the site. */
export type Touch = {
  /** Path and campaign tags of the first page seen on this arrival: `/services/decks?utm_source=…`. */
  landingPage?: string;
  /** Host of the site the visitor came from, when that was another site: `www.google.com`. */
  referrer?: string;
  /** When the visitor arrived (ms since 1970). */
  at: number;
} & Partial<Record<UtmKey | ClickIdKey, string>>;

export interface LeadSource {
  /** The first arrival (within 90 days). */
  first: Touch;
  /** The latest arrival with campaign tags or from another site, when there was one after the first. */
  last?: Touch;
}

// Printable text only: no control characters (C0, DEL, C1, bidi overrides) and never markup, so
// nothing stored can become a tag wherever it is shown or exported. A value with `<` or `>` is
// refused rather than cleaned: such a tag is an attack, not a campaign.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const printableText = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069<>]*$/;
/** Click ids are URL-safe tokens (letters, digits, - _ . ~) of 8 characters or more. */
export const clickIdPattern = /^[A-Za-z0-9_.~-]{8,200}$/;
export const hostPattern = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
/** A path on this site (not `//other.host`). */
export const sitePathPattern = /^\/(?!\/)/;

const isText = (value: string, max: number) => value.length > 0 && value.length <= max && printableText.test(value);

/**
 * The touch of one arrival at `pageUrl` from `referrerUrl`, with only the values the schema
 * accepts (a value it would refuse is left out, so one odd tag does not lose the rest): the
 * landing page keeps its path and its utm_ tags only (other query parameters may hold anything,
 * an e-mail address included), the referrer only its host and only when it is another site.
 */
export function touchFromUrls(pageUrl: string, referrerUrl: string | undefined, at: number): Touch {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return { at };
  }
  const touch: Touch = { at };
  const kept = new URLSearchParams();
  for (const key of utmKeys) {
    const value = page.searchParams.get(key)?.trim();
    if (value && isText(value, leadSourceLimits.value)) {
      touch[key] = value;
      kept.set(key, value);
    }
  }
  for (const key of clickIdKeys) {
    const value = page.searchParams.get(key)?.trim();
    if (value && clickIdPattern.test(value)) touch[key] = value;
  }
  const query = kept.toString();
  const landingPage = `${page.pathname}${query ? `?${query}` : ''}`;
  if (isText(landingPage, leadSourceLimits.landingPage) && sitePathPattern.test(landingPage))
    touch.landingPage = landingPage;
  const from = referrerHost(referrerUrl);
  if (from && from !== page.hostname.toLowerCase() && from.length <= leadSourceLimits.host && hostPattern.test(from))
    touch.referrer = from;
  return touch;
}

function referrerHost(referrerUrl: string | undefined): string | undefined {
  if (!referrerUrl) return undefined;
  try {
    const url = new URL(referrerUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `at` is a time a touch may carry (see touchTimeLimits), on the clock `now`. */
export function isTouchTime(at: number, now = Date.now()): boolean {
  return Number.isSafeInteger(at) && at >= touchTimeLimits.earliest && at <= now + touchTimeLimits.aheadMs;
}

/** Whether an arrival says where it came from: campaign tags, an ad click or another site. */
export function isCampaignTouch(touch: Touch): boolean {
  return (
    Boolean(touch.referrer) ||
    utmKeys.some((key) => touch[key] !== undefined) ||
    clickIdKeys.some((key) => touch[key] !== undefined)
  );
}

/** Taps on the site's call and text links: POST /api/contact-taps, sent with navigator.sendBeacon. */
export const contactTapPath = '/api/contact-taps';
export const contactTapKinds = ['call', 'text'] as const;
export type ContactTapKind = (typeof contactTapKinds)[number];
