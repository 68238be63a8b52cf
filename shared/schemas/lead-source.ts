import { z } from 'zod';
import {
  clickIdPattern,
  contactTapKinds,
  hostPattern,
  isTouchTime,
  leadSourceLimits,
  printableText,
  sitePathPattern,
  type LeadSource,
  type Touch,
} from '../lead-source';

export {
  clickIdKeys,
  contactTapKinds,
  contactTapPath,
  isCampaignTouch,
  leadSourceField,
  leadSourceFormAttribute,
  leadSourceLifetimeMs,
  leadSourceLimits,
  touchFromUrls,
  utmKeys,
  type LeadSource,
  type Touch,
} from '../lead-source';

/**
 * The checks of shared/lead-source.ts as zod schemas: the server parses the attribution sent with
 * a request and every contact-tap beacon with them. A value with `<` or `>`, a control character,
 * a click id that is not one, or anything over its limit refuses the whole attribution.
 */
const notPrintable = 'must be printable text without < or >';
const text = (max: number) => z.string().trim().min(1).max(max).regex(printableText, notPrintable);
const clickId = z.string().trim().regex(clickIdPattern, 'is not a click id');
const host = z.string().trim().toLowerCase().max(leadSourceLimits.host).regex(hostPattern, 'must be a host name');
const sitePath = (max: number) => text(max).regex(sitePathPattern, 'must be a path on this site');

export const touchSchema: z.ZodType<Touch> = z
  .object({
    landingPage: sitePath(leadSourceLimits.landingPage).optional(),
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
    at: z
      .number()
      .int()
      .refine((at) => isTouchTime(at), 'must be a time since 2026 and not in the future'),
  })
  .strict();

export const leadSourceSchema: z.ZodType<LeadSource> = z
  .object({ first: touchSchema, last: touchSchema.optional() })
  .strict();

export const contactTapSchema = z
  .object({
    kind: z.enum(contactTapKinds),
    /** The page's path, without its query. */
    page: sitePath(leadSourceLimits.page).regex(/^[^?#]*$/, 'must be a path without a query'),
    /**
     * The visitor's latest touch, when the browser kept one. Checked on its own (tapSource): a
     * tap with a source that is not one still counts, under Other.
     */
    source: z.unknown().optional(),
  })
  .strict();
export type ContactTap = z.output<typeof contactTapSchema>;

/** The touch a tap names, `undefined` when it names none, or `'malformed'` when what it sent is not a touch. */
export function tapSource(tap: ContactTap): Touch | undefined | 'malformed' {
  if (tap.source === undefined) return undefined;
  const parsed = touchSchema.safeParse(tap.source);
  return parsed.success ? parsed.data : 'malformed';
}
