import { z } from 'zod';
import type { ReviewSourceRow } from './reviews';

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
}

export interface Results {
  period: ResultPeriod;
  /** The period's first Arizona day and its last one (inclusive), `2026-11-01`. */
  firstDay: string;
  lastDay: string;
  totals: ResultRow;
  bySource: ResultRow[];
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
