import { z } from 'zod';
import { lostReasonLabels, maxAmount, type LostReason } from './owner-money';
import { scheduleSchema, type ScheduleDue, type SchedulePart, type SchedulePartStored } from './payment-schedule';

/**
 * Written estimates: what the owner sends (POST /api/owner/requests/:id/estimates), what the
 * homeowner answers (/estimate/<token>), and the money rules both sides compute with. Amounts are
 * integers of cents on the server; the API speaks dollars with cents. Every total is computed
 * from the lines here, never taken from the browser.
 */

export const estimateStatuses = ['draft', 'sent', 'viewed', 'approved', 'declined', 'expired'] as const;
export type EstimateStatus = (typeof estimateStatuses)[number];

export const estimateStatusLabels: Record<EstimateStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  approved: 'Approved',
  declined: 'Declined',
  expired: 'Expired',
};

export const estimateLimits = {
  maxItems: 100,
  maxDescription: 500,
  maxQuantity: 100_000,
  maxNotes: 5000,
  maxAddress: 300,
  /** Percent. */
  maxTaxRate: 25,
  maxValidDays: 366,
  maxName: 120,
  maxComment: 2000,
  maxQuestion: 2000,
} as const;

/** The largest total an estimate may reach: the largest amount a request holds ($10,000,000). */
export const maxTotalCents = maxAmount * 100;

/** The lost reasons a homeowner may give when declining (the owner's list, less "No response"). */
export const declineReasons = [
  'price',
  'timing',
  'competitor',
  'not-a-fit',
  'other',
] as const satisfies readonly LostReason[];
export type DeclineReason = (typeof declineReasons)[number];
export const declineReasonLabels = Object.fromEntries(declineReasons.map((r) => [r, lostReasonLabels[r]])) as Record<
  DeclineReason,
  string
>;

export const estimateLabels = {
  newEstimate: 'New estimate',
  description: 'Description',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  optional: 'Optional',
  addLine: 'Add line',
  address: 'Address',
  taxRate: 'Tax rate',
  notes: 'Notes for the homeowner',
  validUntil: 'Valid until',
  startFrom: 'Start from a past estimate',
  preview: 'Preview',
  saveDraft: 'Save draft',
  send: 'Send estimate',
  revise: 'Revise',
  updateTotal: 'Update total',
  downloadPdf: 'Download PDF',
  yourName: 'Your full name',
  accept: 'I accept this estimate and its terms',
  approve: 'Approve estimate',
  decide: 'What made you decide?',
  decline: 'Decline estimate',
  comment: 'Comment (optional)',
  question: 'Ask a question',
  sendQuestion: 'Send question',
} as const;

const isCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const estimateItemSchema = z.object({
  description: z
    .string({ error: 'Each line needs a description.' })
    .trim()
    .min(1, 'Each line needs a description.')
    .max(
      estimateLimits.maxDescription,
      `A line's description can have at most ${estimateLimits.maxDescription} characters.`,
    ),
  quantity: z
    .number({ error: 'The quantity must be a number, such as 1 or 12.5.' })
    .positive('The quantity must be more than 0.')
    .max(
      estimateLimits.maxQuantity,
      `The quantity can be at most ${estimateLimits.maxQuantity.toLocaleString('en-US')}.`,
    )
    .refine((q) => Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6, 'The quantity can have at most 3 decimals.'),
  unitPrice: z
    .number({ error: 'The unit price must be a number of dollars, such as 1250 or 89.50.' })
    .min(0, 'The unit price cannot be negative.')
    .max(maxAmount, 'The unit price can be at most $10,000,000.')
    .refine(isCents, 'The unit price is in dollars and cents (at most 2 decimals).'),
  optional: z.boolean({ error: 'optional must be true or false.' }).optional().default(false),
});

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export const estimateInputSchema = z
  .object({
    items: z
      .array(estimateItemSchema, { error: 'An estimate needs its lines (items).' })
      .min(1, 'An estimate needs at least one line.')
      .max(estimateLimits.maxItems, `An estimate can have at most ${estimateLimits.maxItems} lines.`),
    taxRate: z
      .number({ error: 'The tax rate must be a percent, such as 8.5.' })
      .min(0, 'The tax rate cannot be negative.')
      .max(estimateLimits.maxTaxRate, `The tax rate can be at most ${estimateLimits.maxTaxRate} %.`)
      .refine((r) => Math.abs(Math.round(r * 1000) - r * 1000) < 1e-6, 'The tax rate can have at most 3 decimals.')
      .optional(),
    notes: z
      .string({ error: 'The notes must be text.' })
      .max(estimateLimits.maxNotes, `The notes can have at most ${estimateLimits.maxNotes} characters.`)
      .optional(),
    address: z
      .string({ error: 'The address must be text.' })
      .trim()
      .max(estimateLimits.maxAddress, `The address can have at most ${estimateLimits.maxAddress} characters.`)
      .optional(),
    validUntil: z
      .string({ error: 'Valid until must be a date, such as 2026-12-31.' })
      .regex(dayPattern, 'Valid until must be a date, such as 2026-12-31.')
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Valid until must be a real date.')
      .optional(),
    /** How the total is paid (shared/schemas/payment-schedule.ts); none: his default schedule. */
    schedule: scheduleSchema.optional(),
  })
  .strict();
export type EstimateInput = z.input<typeof estimateInputSchema>;
export type EstimateInputParsed = z.output<typeof estimateInputSchema>;

/** A draft's change: the same fields, each optional. */
export const estimatePatchSchema = estimateInputSchema.partial();

export const approveSchema = z.object({
  name: z
    .string({ error: 'Please type your full name.' })
    .trim()
    .min(2, 'Please type your full name.')
    .max(estimateLimits.maxName, `Your name can have at most ${estimateLimits.maxName} characters.`),
  accept: z.literal(true, 'Please tick “I accept this estimate and its terms”.'),
  options: z
    .array(z.number().int('Options are line numbers.').min(0, 'Options are line numbers.'), {
      error: 'Options are line numbers.',
    })
    .max(estimateLimits.maxItems, 'Too many options.')
    .default([]),
});

export const declineSchema = z.object({
  reason: z.enum(declineReasons, 'Please choose what made you decide.'),
  comment: z
    .string({ error: 'The comment must be text.' })
    .trim()
    .max(estimateLimits.maxComment, `The comment can have at most ${estimateLimits.maxComment} characters.`)
    .optional(),
});

export const questionSchema = z.object({
  message: z
    .string({ error: 'Please write your question.' })
    .trim()
    .min(1, 'Please write your question.')
    .max(estimateLimits.maxQuestion, `A question can have at most ${estimateLimits.maxQuestion} characters.`),
});

export const estimateSettingsSchema = z.object({
  taxRate: estimateInputSchema.shape.taxRate.unwrap(),
  followUpDays: z
    .array(
      z
        .number({ error: 'Follow-up days are numbers, such as 3 or 0.5.' })
        .min(0, 'Follow-up days cannot be negative.')
        .max(90, 'A follow-up can be at most 90 days after sending.'),
    )
    .max(5, 'At most 5 follow-ups.'),
  /** The schedule a new estimate starts with; empty: none; left out: kept as saved. */
  defaultSchedule: scheduleSchema.optional(),
});
/** PUT /api/owner/estimate-settings. */
export type EstimateSettingsInput = z.output<typeof estimateSettingsSchema>;
/** GET /api/owner/estimate-settings. */
export type EstimateSettings = EstimateSettingsInput & { defaultSchedule: SchedulePart[] };

/** A line as stored: integer cents and thousandths of a unit. */
export interface EstimateItemCents {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  optional: boolean;
}

/** Everything the homeowner saw, fixed when the version was sent: the content the approval's hash covers. */
export interface FrozenEstimate {
  estimateId: string;
  version: number;
  business: { name: string; licence: string; phone: string; email: string };
  homeowner: { name: string; email: string; phone: string; address: string };
  project: { type: string; city: string };
  items: (EstimateItemCents & { lineTotalCents: number })[];
  taxRateMilli: number;
  notes: string;
  validUntil: string;
  sentAt: string;
  /** How the total is paid, as sent (estimates sent before schedules existed have none). */
  schedule?: SchedulePartStored[];
  /** A change order: what it changes, and the job's total before it (frozen with the rest). */
  changeOrder?: FrozenChangeOrder;
}

export interface FrozenChangeOrder {
  /** 1 for the request's first change order. */
  number: number;
  /** The version of the approved estimate it changes. */
  estimateVersion: number;
  reason: string;
  daysAdded: number;
  /** The approved estimate's total with the earlier approved change orders, when it was sent. */
  jobTotalBeforeCents: number;
}

/** "Estimate 2", or "Change order 1 to Estimate 2": how every page, PDF and e-mail names the paper. */
export function paperTitle(frozen: Pick<FrozenEstimate, 'version' | 'changeOrder'>): string {
  return frozen.changeOrder
    ? `Change order ${frozen.changeOrder.number} to Estimate ${frozen.changeOrder.estimateVersion}`
    : `Estimate ${frozen.version}`;
}

export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toMilli = (value: number) => Math.round(value * 1000);

/** `numerator / divisor` rounded half away from zero, exactly: a credit rounds as its charge does, negated. */
function roundedQuotient(numerator: bigint, divisor: bigint): number {
  const negative = numerator < 0n;
  const magnitude = ((negative ? -numerator : numerator) + divisor / 2n) / divisor;
  return Number(negative ? -magnitude : magnitude);
}

/** quantity × unit price, rounded half up to the cent (exact: integer arithmetic; a credit below zero). */
export function lineTotalCents(item: Pick<EstimateItemCents, 'quantityMilli' | 'unitPriceCents'>): number {
  return roundedQuotient(BigInt(item.quantityMilli) * BigInt(item.unitPriceCents), 1000n);
}

export interface EstimateTotals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The totals of the lines that count: every line that is not optional, and the optional lines
 * whose index is in `ticked`. Tax applies to that subtotal, rounded half up to the cent.
 */
export function estimateTotals(
  items: readonly Pick<EstimateItemCents, 'quantityMilli' | 'unitPriceCents' | 'optional'>[],
  taxRateMilli: number,
  ticked: readonly number[] = [],
): EstimateTotals {
  let subtotal = 0;
  items.forEach((item, index) => {
    if (!item.optional || ticked.includes(index)) subtotal += lineTotalCents(item);
  });
  const tax = roundedQuotient(BigInt(subtotal) * BigInt(taxRateMilli), 100_000n);
  return { subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax };
}

/** $1,234.50; a credit -$500.00 */
export function formatCents(cents: number): string {
  const dollars = (Math.abs(cents) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${cents < 0 ? '-' : ''}$${dollars}`;
}

/** 9875 -> "9.875" */
export const formatTaxRate = (milli: number) => String(milli / 1000);

/** 12500 -> "12.5" */
export const formatQuantity = (milli: number) => String(milli / 1000);

/** What the owner's app gets for each version (GET /api/owner/requests/:id `estimates`). */
export interface OwnerEstimate {
  id: string;
  version: number;
  status: EstimateStatus;
  /** Dollars with cents, without optional lines. */
  total: number;
  url: string;
  items: { description: string; quantity: number; unitPrice: number; optional: boolean }[];
  taxRate: number;
  address: string;
  notes: string;
  validUntil: string;
  sentAt: string | null;
  viewedAt: string | null;
  approvedAt: string | null;
  approvedName: string | null;
  approvedTotal: number | null;
  approvedOptions: number[];
  declinedAt: string | null;
  declineReason: DeclineReason | null;
  declineComment: string | null;
  replacedBy: string | null;
  contentHash: string | null;
  kind: 'estimate' | 'change-order';
  /** "Estimate 1", "Change order 1 to Estimate 1". */
  title: string;
  /** A change order: the approved estimate it changes, why, and the days it adds to the work. */
  changeOf: string | null;
  reason: string | null;
  daysAdded: number | null;
  /**
   * The parts of the payment schedule, each with its dollars: on the job's total once approved
   * (change orders included), else on the total without options.
   */
  schedule: ScheduledPart[];
  /** Approved estimate: the job's total now, its approved change orders included (dollars). */
  jobTotal: number | null;
}

/** A part of the schedule as the API speaks it: percent or amount as written, and its dollars now. */
export interface ScheduledPart {
  label: string;
  due: ScheduleDue;
  percent?: number;
  amount?: number;
  /** Dollars with cents, on the total it is computed on (the last part takes the rounding). */
  dollars: number;
}

// The calendar day's wording lives with the other dates people read.
export { longDay } from '../arizona-time';
