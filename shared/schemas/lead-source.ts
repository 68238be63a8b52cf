import { z } from 'zod';

/**
 * Where a visitor came from, as the site records it in the browser (client/src/lib/lead-source.ts)
 * and sends it with a quote request: one definition for the capture script, the form and the
 * server. Nothing here identifies a person: a landing page keeps only its path and campaign tags,
 * a referrer only its host.
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
  /** The whole attribution as the plain form's hidden field carries it (JSON). */
  field: 8 * 1024,
} as const;

/** First touch is kept this long; anything older is dropped in the browser and refused by the server. */
export const leadSourceLifetimeMs = 90 * 24 * 3600_000;

/** The plain form's hidden field holding the attribution as JSON; the capture script fills it. */
export const leadSourceField = 'leadSource';
/** Forms carrying that field are marked with this data attribute (`data-lead-source`). */
export const leadSourceFormAttribute = 'data-lead-source';

// Printable text only: no control characters (C0, DEL, C1, bidi overrides) and never markup, so
// nothing stored can become a tag wherever it is shown or exported. A value with `<` or `>` is
// refused (with the whole attribution) rather than cleaned: such a tag is an attack, not a campaign.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const printable = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069<>]*$/;
const notPrintable = 'must be printable text without < or >';

const text = (max: number) => z.string().trim().min(1).max(max).regex(printable, notPrintable);
/** Click ids are URL-safe tokens (letters, digits, - _ . ~); anything else is not one. */
const clickId = z
  .string()
  .trim()
  .min(8)
  .max(leadSourceLimits.value)
  .regex(/^[A-Za-z0-9_.~-]+$/, 'is not a click id');
const host = z
  .string()
  .trim()
  .toLowerCase()
  .max(leadSourceLimits.host)
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a host name');
const landingPage = text(leadSourceLimits.landingPage).regex(/^\/(?!\/)/, 'must be a path on this site');

export const touchSchema = z.object({
  /** Path and campaign tags of the first page seen on this arrival: `/services/decks?utm_source=…`. */
  landingPage: landingPage.optional(),
  /** Host of the site the visitor came from, when that was another site: `www.google.com`. */
  referrer: host.optional(),
  utm_source: text(leadSourceLimits.value).optional(),
  utm_medium: text(leadSourceLimits.value).optional(),
  utm_campaign: text(leadSourceLimits.value).optional(),
  utm_term: text(leadSourceLimits.value).optional(),
  utm_content: text(leadSourceLimits.value).optional(),
  gclid: clickId.optional(),
  gbraid: clickId.optional(),
  wbraid: clickId.optional(),
  fbclid: clickId.optional(),
  msclkid: clickId.optional(),
  /** When the visitor arrived (ms since 1970). */
  at: z.number().int().positive(),
});
export type Touch = z.output<typeof touchSchema>;

export const leadSourceSchema = z
  .object({
    first: touchSchema,
    /** The latest arrival with campaign tags or from another site (the first one, at first). */
    last: touchSchema.optional(),
  })
  .strict();
export type LeadSource = z.output<typeof leadSourceSchema>;

/** Whether an arrival says where it came from: campaign tags, an ad click or another site. */
export function isCampaignTouch(touch: Touch): boolean {
  return (
    Boolean(touch.referrer) ||
    utmKeys.some((key) => touch[key] !== undefined) ||
    clickIdKeys.some((key) => touch[key] !== undefined)
  );
}

/**
 * The touch of one arrival at `pageUrl` from `referrerUrl`, as plain values (not yet checked by
 * the schema): the landing page keeps its path and its utm_ tags only (other query parameters may
 * hold anything, an e-mail address included), the referrer only its host and only when it is
 * another site than `siteHost`.
 */
export function touchFromUrls(pageUrl: string, referrerUrl: string | undefined, at: number): Record<string, unknown> {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return { at };
  }
  const touch: Record<string, unknown> = { at };
  const kept = new URLSearchParams();
  for (const key of utmKeys) {
    const value = page.searchParams.get(key);
    if (value) {
      touch[key] = value;
      kept.set(key, value);
    }
  }
  for (const key of clickIdKeys) {
    const value = page.searchParams.get(key);
    if (value) touch[key] = value;
  }
  const query = kept.toString();
  touch.landingPage = `${page.pathname}${query ? `?${query}` : ''}`;
  const from = referrerHost(referrerUrl);
  if (from && from !== page.hostname.toLowerCase()) touch.referrer = from;
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

/** Taps on the site's call and text links: POST /api/contact-taps, sent with navigator.sendBeacon. */
export const contactTapPath = '/api/contact-taps';
export const contactTapKinds = ['call', 'text'] as const;
export type ContactTapKind = (typeof contactTapKinds)[number];

export const contactTapSchema = z
  .object({
    kind: z.enum(contactTapKinds),
    /** The page's path, without its query. */
    page: text(300).regex(/^\/(?!\/)[^?#]*$/, 'must be a path on this site'),
    /** The visitor's latest touch (see leadSourceSchema), when the browser kept one. */
    source: touchSchema.optional(),
  })
  .strict();
export type ContactTap = z.output<typeof contactTapSchema>;
