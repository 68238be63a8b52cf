import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { unknownSource } from '@shared/lead-source-name';
import { wonStatuses } from '@shared/schemas/owner-inbox';
import { lostReasons, ratio, twoDecimals, type LostReason } from '@shared/schemas/owner-money';
import {
  noLostReasons,
  periodRange,
  type ResultPeriod,
  type ResultRow,
  type EstimateResults,
  type MoneyResults,
  type Results,
  type SourceResultRow,
} from '@shared/schemas/owner-results';
import type { DatabaseHandle } from '../../db/client';
import { reviewsBySource } from '../reviews/review-results';
import { estimatesBySource } from '../estimates/estimate-results';
import { moneyBySource } from '../invoices/invoice-books';
import { contactTaps, quoteRequestSources, quoteRequests, quoteRequestStates } from '../../db/schema';
import { createSpend } from './spend';

// A request stored before its state row existed counts as new.
const status = sql<string>`coalesce(${quoteRequestStates.status}, 'new')`;

/**
 * When the owner first answered a request (set to Contacted, or a tap on Call, Text or Reply);
 * null while it is unanswered. A request screened as spam was never a lead to answer.
 */
function firstAnswerExpression(): SQL {
  return sql`case when ${status} <> 'spam' then ${quoteRequestStates.firstAnsweredAt} end`;
}

const byStatus = (name: string) => sql<number>`count(*) filter (where ${status} = ${name})`.mapWith(Number);
/** Won, and any later status of a won job (shared/schemas/owner-inbox.ts, isWon). */
const isWonSql = sql`${status} in (${sql.join(
  wonStatuses.map((name) => sql`${name}`),
  sql`, `,
)})`;
const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const counts = {
  requests: sql<number>`count(*)`.mapWith(Number),
  new: byStatus('new'),
  contacted: byStatus('contacted'),
  quoted: byStatus('quoted'),
  won: sql<number>`count(*) filter (where ${isWonSql})`.mapWith(Number),
  lost: byStatus('lost'),
  estimates: sql<number>`count(${quoteRequestStates.estimateAmount})`.mapWith(Number),
  estimateValue: sql<number>`coalesce(sum(${quoteRequestStates.estimateAmount}), 0)`.mapWith(Number),
  // A job value counts while the job is won: one marked lost again brings nothing.
  wonValue: sql<number>`coalesce(sum(${quoteRequestStates.jobValue}) filter (where ${isWonSql}), 0)`.mapWith(Number),
  wonWithoutValue: sql<number>`count(*) filter (where ${isWonSql} and ${quoteRequestStates.jobValue} is null)`.mapWith(
    Number,
  ),
  ...(Object.fromEntries(
    lostReasons.map((reason) => [
      `lost:${reason}`,
      sql<number>`count(*) filter (where ${status} = 'lost' and ${quoteRequestStates.lostReason} = ${reason})`.mapWith(
        Number,
      ),
    ]),
  ) as Record<`lost:${LostReason}`, SQL<number>>),
  medianSeconds: sql<
    number | null
  >`percentile_cont(0.5) within group (order by extract(epoch from (${firstAnswerExpression()} - ${quoteRequests.createdAt})))`.mapWith(
    nullableNumber,
  ),
};

/** The key every table groups on. The source of a request without attribution is a constant of ours. */
const groupKeys = {
  source: sql<string>`coalesce(${quoteRequestSources.source}, ${sql.raw(`'${unknownSource.replace(/'/g, "''")}'`)})`,
  service: sql<string>`${quoteRequests.projectType}`,
  // Cities are typed by visitors: "payson " and "Payson" are one city.
  city: sql<string>`initcap(lower(btrim(${quoteRequests.city})))`,
};

type Counted = Pick<
  ResultRow,
  | 'requests'
  | 'new'
  | 'contacted'
  | 'quoted'
  | 'won'
  | 'lost'
  | 'estimates'
  | 'estimateValue'
  | 'wonValue'
  | 'wonWithoutValue'
> & { medianSeconds: number | null } & Record<`lost:${LostReason}`, number>;

function toRow(key: string, counted: Counted | undefined, calls = 0, texts = 0): ResultRow {
  const requests = counted?.requests ?? 0;
  const won = counted?.won ?? 0;
  const median = counted?.medianSeconds ?? null;
  const reasons = noLostReasons();
  for (const reason of lostReasons) reasons[reason] = counted?.[`lost:${reason}`] ?? 0;
  return {
    key,
    requests,
    calls,
    texts,
    new: counted?.new ?? 0,
    contacted: counted?.contacted ?? 0,
    quoted: counted?.quoted ?? 0,
    won,
    lost: counted?.lost ?? 0,
    wonRate: requests > 0 ? won / requests : null,
    medianHoursToAnswer: median === null ? null : Math.round((median / 3600) * 10) / 10,
    estimates: counted?.estimates ?? 0,
    estimateValue: counted?.estimateValue ?? 0,
    wonValue: counted?.wonValue ?? 0,
    wonWithoutValue: counted?.wonWithoutValue ?? 0,
    lostReasons: reasons,
  };
}

/** A source's line with what was spent on it (unrounded) and what that bought, and its estimates. */
function withSpend(row: ResultRow, spent: number, estimates: EstimateResults & MoneyResults): SourceResultRow {
  const spend = twoDecimals(spent);
  return {
    ...row,
    ...estimates,
    spend,
    costPerLead: ratio(spent, row.requests),
    costPerWon: ratio(spent, row.won),
    returnOnSpend: ratio(row.wonValue, spent),
  };
}

/** Busiest first: requests, then calls and texts, then the name. */
const busiestFirst = (a: ResultRow, b: ResultRow) =>
  b.requests - a.requests || b.calls + b.texts - (a.calls + a.texts) || a.key.localeCompare(b.key);

/** Most won revenue first, then the busiest. */
const byRevenue = (a: ResultRow, b: ResultRow) => b.wonValue - a.wonValue || busiestFirst(a, b);

/** What each source, service and city brought in a period (the owner's results page). */
export function createResults(database: DatabaseHandle) {
  const { db } = database;
  const spending = createSpend(database);

  return {
    async forPeriod(period: ResultPeriod, now = new Date()): Promise<Results> {
      const range = periodRange(period, now);
      const inPeriod = and(
        gte(quoteRequests.createdAt, range.start),
        lt(quoteRequests.createdAt, range.end),
        sql`${status} <> 'spam'`,
      );
      const grouped = (key: SQL<string>) =>
        db
          .select({ key, ...counts })
          .from(quoteRequests)
          .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
          .leftJoin(quoteRequestSources, eq(quoteRequestSources.quoteRequestId, quoteRequests.id))
          .where(inPeriod)
          // By position: the key's expression, parameters and all, is the select's first column.
          .groupBy(sql`1`);
      const [bySource, byService, byCity, [total], taps, reviews, spend, estimates, money] = await Promise.all([
        grouped(groupKeys.source),
        grouped(groupKeys.service),
        grouped(groupKeys.city),
        db
          .select(counts)
          .from(quoteRequests)
          .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
          .where(inPeriod),
        db
          .select({
            source: contactTaps.source,
            kind: contactTaps.kind,
            taps: sql<number>`sum(${contactTaps.count})`.mapWith(Number),
          })
          .from(contactTaps)
          .where(and(gte(contactTaps.day, range.firstDay), lt(contactTaps.day, range.endDay)))
          .groupBy(contactTaps.source, contactTaps.kind),
        reviewsBySource(db, range),
        spending.forPeriod(period, now),
        estimatesBySource(db, range),
        moneyBySource(db, range),
      ]);

      const tapsOf = (source: string, kind: 'call' | 'text') =>
        taps.filter((row) => row.source === source && row.kind === kind).reduce((sum, row) => sum + row.taps, 0);
      const sources = new Set([
        ...bySource.map((row) => row.key),
        ...taps.map((row) => row.source),
        ...[...spend].filter(([, spent]) => spent > 0).map(([source]) => source),
      ]);
      const rows = (list: (Counted & { key: string })[]) => list.map((row) => toRow(row.key, row)).sort(byRevenue);
      const allSpend = [...spend.values()].reduce((sum, spent) => sum + spent, 0);

      return {
        period,
        firstDay: range.firstDay,
        lastDay: range.lastDay,
        totals: withSpend(
          toRow(
            'All',
            total,
            taps.filter((row) => row.kind === 'call').reduce((sum, row) => sum + row.taps, 0),
            taps.filter((row) => row.kind === 'text').reduce((sum, row) => sum + row.taps, 0),
          ),
          allSpend,
          { ...estimates.totals, ...money.totals },
        ),
        bySource: [...sources]
          .map((source) =>
            withSpend(
              toRow(
                source,
                bySource.find((row) => row.key === source),
                tapsOf(source, 'call'),
                tapsOf(source, 'text'),
              ),
              spend.get(source) ?? 0,
              { ...estimates.of(source), ...money.of(source) },
            ),
          )
          .sort(byRevenue),
        byService: rows(byService),
        byCity: rows(byCity),
        reviewsBySource: reviews,
      };
    },
  };
}
