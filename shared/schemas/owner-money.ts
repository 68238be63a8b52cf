import { z } from 'zod';
import { printableText } from '../lead-source';

/**
 * Money in the owner's app: what a request was quoted and won for, why a lost one was lost, and
 * what the owner spent on each source in a month. The same rules and messages for the page (which
 * checks what he typed before sending) and the API (PATCH /api/owner/requests/:id, PUT
 * /api/owner/spend), which checks them again.
 */

/** Why a quote was lost: what the owner picks when he marks a request Lost. */
export const lostReasons = ['price', 'timing', 'competitor', 'no-response', 'not-a-fit', 'other'] as const;
export type LostReason = (typeof lostReasons)[number];

export const lostReasonLabels: Record<LostReason, string> = {
  price: 'Price',
  timing: 'Timing',
  competitor: 'Chose someone else',
  'no-response': 'No response',
  'not-a-fit': 'Not a fit',
  other: 'Other',
};

export const lostReasonSchema = z.enum(lostReasons, `The lost reason must be one of: ${lostReasons.join(', ')}.`);

/** No job of a carpenter's costs more: a larger figure is a slip of the finger. */
export const maxAmount = 10_000_000;

/**
 * An amount in whole dollars (cents are rounded), or null to clear it. `what` names it in the
 * messages: `The estimate amount cannot be negative.`
 */
export function dollarsSchema(what: string) {
  return z
    .number({ error: `${what} must be a number of dollars, such as 12500.` })
    .min(0, `${what} cannot be negative.`)
    .max(maxAmount, `${what} can be at most $10,000,000.`)
    .transform((value) => Math.round(value))
    .nullable();
}

export const amountNames = {
  estimateAmount: 'The estimate amount',
  jobValue: 'The job value',
  spend: 'The amount',
} as const;

/**
 * What the owner typed in an amount field, as the API takes it: `$12,500`, `12500.40` and
 * `12 500` are 12500; an empty field clears the amount (null). `problem` says what is wrong, in
 * the API's own words.
 */
export function parseDollars(
  text: string,
  what: string,
): { ok: true; value: number | null } | { ok: false; problem: string } {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return { ok: true, value: null };
  const parsed = dollarsSchema(what).safeParse(/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : cleaned);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: parsed.error.issues[0]?.message ?? `${what} is not valid.` };
}

/** `2026-11`: a calendar month, as spend is entered. */
export const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
const monthMessage = 'The month must be written as year and month, such as 2026-11.';

export const monthSchema = z
  .string(monthMessage)
  .regex(monthPattern, monthMessage)
  .refine((month) => month >= '2000-01' && month <= '2099-12', 'The month must be between 2000 and 2099.');

/** A source's name as the owner may type it for spend: the results page's names, or his own. */
export const maxSourceNameLength = 64;
export const spendSourceSchema = z
  .string('Name the source, such as Google Ads.')
  .trim()
  .min(1, 'Name the source, such as Google Ads.')
  .max(maxSourceNameLength, `A source's name can have at most ${maxSourceNameLength} characters.`)
  .regex(printableText, 'A source’s name must be plain text, without < or >.');

/** PUT /api/owner/spend: what was spent on one source in one month. 0 or null removes the entry. */
export const spendEntrySchema = z.object({
  month: monthSchema,
  source: spendSourceSchema,
  amount: dollarsSchema(amountNames.spend),
});
export type SpendEntryInput = z.input<typeof spendEntrySchema>;

export const spendQuerySchema = z.object({ month: monthSchema });

export interface SpendEntry {
  source: string;
  amount: number;
}

/** GET /api/owner/spend?month=2026-11: what was entered for the month, and the names to choose from. */
export interface MonthSpend {
  month: string;
  entries: SpendEntry[];
  /** The sources the results page knows (the usual ones, then every one a request or tap came from). */
  sources: string[];
}

/** A figure to two decimals (cents, or a ratio): 19.666… is 19.67. */
export const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** `a / b` to two decimals, or null where it means nothing (b is 0): never a division by zero. */
export const ratio = (a: number, b: number): number | null => (b === 0 ? null : twoDecimals(a / b));

/** The month of an Arizona day: `2026-11` of `2026-11-26`. */
export const monthOfDay = (day: string) => day.slice(0, 7);
