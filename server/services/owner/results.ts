import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { unknownSource } from '@shared/lead-source-name';
import { periodRange, type ResultPeriod, type ResultRow, type Results } from '@shared/schemas/owner-results';
import type { DatabaseHandle } from '../../db/client';
import { reviewsBySource } from '../reviews/review-results';
import { contactTaps, quoteRequestSources, quoteRequests, quoteRequestStates } from '../../db/schema';

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
const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const counts = {
  requests: sql<number>`count(*)`.mapWith(Number),
  new: byStatus('new'),
  contacted: byStatus('contacted'),
  quoted: byStatus('quoted'),
  // Job done is a won job, finished.
  won: sql<number>`count(*) filter (where ${status} in ('won', 'done'))`.mapWith(Number),
  lost: byStatus('lost'),
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

type Counted = Omit<ResultRow, 'key' | 'wonRate' | 'medianHoursToAnswer' | 'calls' | 'texts'> & {
  medianSeconds: number | null;
};

function toRow(key: string, counted: Counted | undefined, calls = 0, texts = 0): ResultRow {
  const requests = counted?.requests ?? 0;
  const won = counted?.won ?? 0;
  const median = counted?.medianSeconds ?? null;
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
  };
}

/** Busiest first: requests, then calls and texts, then the name. */
const busiestFirst = (a: ResultRow, b: ResultRow) =>
  b.requests - a.requests || b.calls + b.texts - (a.calls + a.texts) || a.key.localeCompare(b.key);

/** What each source, service and city brought in a period (the owner's results page). */
export function createResults(database: DatabaseHandle) {
  const { db } = database;

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
      const [bySource, byService, byCity, [total], taps, reviews] = await Promise.all([
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
      ]);

      const tapsOf = (source: string, kind: 'call' | 'text') =>
        taps.filter((row) => row.source === source && row.kind === kind).reduce((sum, row) => sum + row.taps, 0);
      const sources = new Set([...bySource.map((row) => row.key), ...taps.map((row) => row.source)]);
      const rows = (list: (Counted & { key: string })[]) => list.map((row) => toRow(row.key, row)).sort(busiestFirst);

      return {
        period,
        firstDay: range.firstDay,
        lastDay: range.lastDay,
        totals: toRow(
          'All',
          total,
          taps.filter((row) => row.kind === 'call').reduce((sum, row) => sum + row.taps, 0),
          taps.filter((row) => row.kind === 'text').reduce((sum, row) => sum + row.taps, 0),
        ),
        bySource: [...sources]
          .map((source) =>
            toRow(
              source,
              bySource.find((row) => row.key === source),
              tapsOf(source, 'call'),
              tapsOf(source, 'text'),
            ),
          )
          .sort(busiestFirst),
        byService: rows(byService),
        byCity: rows(byCity),
        reviewsBySource: reviews,
      };
    },
  };
}
