import { z } from 'zod';
import type { ReviewSourceRow } from './reviews';
import { inboxQuerySchema } from './owner-inbox';
import { lostReasons, type LostReason } from './owner-money';

/**
 * The results page of the owner's inbox (/owner/results): what each source, service and city
 * brought in a period. The same definitions for the page and its API (GET /api/owner/results).
 */
export const resultPeriods = ['this-month', 'last-month', '90-days', 'year'] as const;
export type ResultPeriod = (typeof resultPeriods)[number];

export const periodLabels: Record<ResultPeriod, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  '90-days': 'Last 90 days',
  year: 'Last 12 months',
};

export const resultsQuerySchema = z.object({ period: z.enum(resultPeriods).catch('this-month') });

/**
 * The CSV export (GET /api/owner/requests/export.csv): the inbox's filter and search, and
 * optionally a period of the results page, which keeps the requests that page counts for it.
 */
export const exportQuerySchema = inboxQuerySchema.extend({
  period: z.enum(resultPeriods).optional().catch(undefined),
});

/** One line of a table: a source, a service or a city. Spam is never counted. */
export interface ResultRow {
  /** The source's name, the project type or the city. */
  key: string;
  requests: number;
  /** Taps on the site's call and text links (by source only: a tap has no service or city). */
  calls: number;
  texts: number;
  /** Requests by their status now: they add up to `requests`. */
  new: number;
  contacted: number;
  quoted: number;
  won: number;
  lost: number;
  /** won / requests, 0..1; null without requests. */
  wonRate: number | null;
  /** Median hours from a request to its first answer, over the requests answered; null when none were. */
  medianHoursToAnswer: number | null;
  /** Requests with an estimate amount, and those amounts summed (whole dollars), whatever they became. */
  estimates: number;
  estimateValue: number;
  /** The job values of the won jobs (`won`) summed: the won revenue. */
  wonValue: number;
  /** Won jobs (of `won`) with no job value entered: not in `wonValue`, shown as "value not entered". */
  wonWithoutValue: number;
  /** The lost requests (`lost`) by the reason given; a lost request without a reason is in none. */
  lostReasons: Record<LostReason, number>;
}

/**
 * A source's line, and the totals line: what was spent on it in the period and what that bought.
 * Spend is in dollars to the cent (a month shared with the period counts in part); the ratios
 * are to two decimals, and null where they mean nothing (nothing to divide by).
 */
/** The written estimates of a source's requests (server/services/estimates/estimate-results.ts). */
export interface EstimateResults {
  /** Requests with an estimate sent (a request counts once, however many versions). */
  estimatesSent: number;
  /** Of those, approved online. */
  estimatesApproved: number;
  /** estimatesApproved / estimatesSent, 0..1 to two decimals; null without estimates sent. */
  approvalRate: number | null;
  /** Median days from the first version sent to the approval; null without approvals. */
  medianDaysToApproval: number | null;
}

/** The money of a source's requests (server/services/invoices/invoice-books.ts), dollars with cents. */
export interface MoneyResults {
  /** Their invoices that are not void. */
  invoiced: number;
  /** The payments recorded on those (not undone). */
  collected: number;
  /** invoiced - collected. */
  outstanding: number;
}

export interface SourceResultRow extends ResultRow, EstimateResults, MoneyResults {
  spend: number;
  /** spend / requests. */
  costPerLead: number | null;
  /** spend / won. */
  costPerWon: number | null;
  /** wonValue / spend: the dollars of won work each dollar of spend brought. */
  returnOnSpend: number | null;
}

export const noLostReasons = (): Record<LostReason, number> =>
  Object.fromEntries(lostReasons.map((reason) => [reason, 0])) as Record<LostReason, number>;

export interface Results {
  period: ResultPeriod;
  /** The period's first Arizona day and its last one (inclusive), `2026-11-01`. */
  firstDay: string;
  lastDay: string;
  totals: SourceResultRow;
  /** Sorted by won revenue, then by requests, calls and texts. */
  bySource: SourceResultRow[];
  byService: ResultRow[];
  byCity: ResultRow[];
  /** Review requests sent, Google clicks and reviews received, per source. */
  reviewsBySource: ReviewSourceRow[];
}

const arizonaOffset = '-07:00';
const dayMs = 24 * 3600_000;

/** `2026-11-25` of a UTC-midnight Date. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The period's bounds: requests from `start` (inclusive) to `end` (exclusive), tap days from
 * `firstDay` to `endDay` (exclusive). Arizona keeps UTC-7 all year, so its days are fixed offsets.
 */
export function periodRange(period: ResultPeriod, now: Date) {
  // Today in Arizona, as a UTC-midnight date to count days and months on.
  const local = new Date(now.getTime() - 7 * 3600_000);
  const today = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  const tomorrow = new Date(today.getTime() + dayMs);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  let first: Date;
  let endDay = tomorrow;
  switch (period) {
    case 'this-month':
      first = monthStart;
      break;
    case 'last-month':
      first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
      endDay = monthStart;
      break;
    case '90-days':
      first = new Date(today.getTime() - 89 * dayMs);
      break;
    case 'year':
      first = new Date(today.getTime() - 364 * dayMs);
      break;
  }
  const at = (day: Date) => new Date(`${dayOf(day)}T00:00:00${arizonaOffset}`);
  return {
    start: at(first),
    end: at(endDay),
    firstDay: dayOf(first),
    lastDay: dayOf(new Date(endDay.getTime() - dayMs)),
    endDay: dayOf(endDay),
  };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The months whose spend counts in a period, with the share of each that does. This month and
 * last month count their month whole; the last 90 days and the last 12 months count every month
 * they cover, the first and the last in proportion to the days of it they cover.
 */
export function spendMonths(period: ResultPeriod, now: Date): { month: string; share: number }[] {
  const { firstDay, lastDay } = periodRange(period, now);
  const whole = period === 'this-month' || period === 'last-month';
  const months: { month: string; share: number }[] = [];
  let year = Number(firstDay.slice(0, 4));
  let month = Number(firstDay.slice(5, 7));
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    const days = daysInMonth(year, month);
    const from = key === firstDay.slice(0, 7) ? Number(firstDay.slice(8, 10)) : 1;
    const to = key === lastDay.slice(0, 7) ? Number(lastDay.slice(8, 10)) : days;
    months.push({ month: key, share: whole ? 1 : (to - from + 1) / days });
    if (key === lastDay.slice(0, 7)) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}
