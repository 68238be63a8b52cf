import { z } from 'zod';
import { calendarDaysBetween, isCalendarDay } from '../arizona-time';
import {
  clickIdKeys,
  clickIdPattern,
  hostPattern,
  leadSourceLimits,
  printableText,
  sitePathPattern,
  utmKeys,
} from '../lead-source';

/**
 * Visitor counts (issue 59): the page's beacon (POST /api/views) and the owner's figures
 * (GET /api/owner/visitors). The beacon carries only what is stored: the page's path, where the
 * visitor came from (a host, or an address the server cuts to its host) and the landing address's
 * campaign tags, read as the lead sources read them (shared/lead-source.ts).
 */
export { viewBodyLimit, viewsPath, viewsPerMinute } from '../views';

const notPrintable = 'must be printable text without < or >';
const text = (max: number) => z.string().trim().min(1).max(max).regex(printableText, notPrintable);

/** `www.google.com`, or `https://www.google.com/search?q=…` of which only the host is kept. */
const referrer = z
  .string()
  .trim()
  .max(leadSourceLimits.landingPage)
  .transform((value, context) => {
    if (value === '') return undefined;
    const host = hostOf(value);
    if (!host || host.length > leadSourceLimits.host || !hostPattern.test(host)) {
      context.addIssue({ code: 'custom', message: 'must be a host name or a web address' });
      return z.NEVER;
    }
    return host;
  });

function hostOf(value: string): string | undefined {
  if (!value.includes('/')) return value.toLowerCase();
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

const tagFields = Object.fromEntries([
  ...utmKeys.map((key) => [key, text(leadSourceLimits.value).optional()]),
  ...clickIdKeys.map((key) => [key, z.string().trim().regex(clickIdPattern, 'is not a click id').optional()]),
]) as Record<(typeof utmKeys)[number] | (typeof clickIdKeys)[number], z.ZodOptional<z.ZodString>>;

export const pageViewSchema = z
  .object({
    /** The page shown, without its query or #section. */
    path: text(leadSourceLimits.page)
      .regex(sitePathPattern, 'must be a path on this site')
      .regex(/^[^?#]*$/, 'must be a path without a query'),
    referrer: referrer.optional(),
    ...tagFields,
  })
  .strict();
export type PageView = z.output<typeof pageViewSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a first and a last day.');
/** The longest period asked at once: a little over a year of days. */
export const maxVisitorDays = 400;

export const visitorsQuerySchema = z
  .object({ from: day, to: day })
  .refine(({ from, to }) => isCalendarDay(from) && isCalendarDay(to), 'Those days are not on the calendar.')
  .refine(({ from, to }) => from <= to, 'The first day must come before the last.')
  .refine(
    ({ from, to }) => calendarDaysBetween(from, to) < maxVisitorDays,
    `Choose at most ${maxVisitorDays} days at once.`,
  );

export interface VisitorSourceRow {
  /** As in the leads' results: Google search, Google Ads, Facebook, a tag of his own, Direct… */
  source: string;
  /** The sum of each day's visitors whose first view that day came from this source. */
  visitors: number;
  /** Quote requests of the period credited to this source (spam not counted). */
  quotes: number;
  /** Of those requests, the ones with a written estimate sent. */
  estimates: number;
  /** Of those requests, the ones won. */
  won: number;
  /** Dollars and cents collected on them (payments received). */
  collected: number;
}

export interface Visitors {
  /** Every day of the period, in order, days without views included. */
  days: { day: string; visitors: number; views: number }[];
  /** The most viewed pages, most first. */
  pages: { path: string; views: number }[];
  /** Per source, the most visitors first. */
  sources: VisitorSourceRow[];
}
