import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { arizonaDateTime } from '@shared/arizona-time';
import { unknownSource } from '@shared/lead-source-name';
import {
  inboxStatuses,
  wonStatuses,
  isWon,
  statusLabels,
  type DeliveryState,
  type InboxItem,
  type InboxList,
  type InboxQuery,
  type InboxStatus,
  type RequestDetail,
} from '@shared/schemas/owner-inbox';
import { lostReasonLabels } from '@shared/schemas/owner-money';
import { periodRange, type ResultPeriod } from '@shared/schemas/owner-results';
import type { DatabaseHandle } from '../../db/client';
import {
  deliveries,
  quoteRequestNotes,
  quoteRequests,
  quoteRequestSources,
  quoteRequestStates,
  type DeliveryKind,
  type LeadStatus,
} from '../../db/schema';
import { reviewRequestState, type ReviewRequestSettings } from '../reviews/review-requests';
import { toCsv } from './csv';
import { createRequestChanges, historyOf } from './request-changes';
import { createSpeedToLead } from './speed-to-lead';

// The inbox's statuses are the database's: a new status must be added to both.
inboxStatuses satisfies readonly LeadStatus[];

/** Newest requests the list shows at once; the search and the filters find older ones, the CSV has all. */
const inboxPageSize = 200;

// A request stored before its state row existed counts as new.
const status = sql<InboxStatus>`coalesce(${quoteRequestStates.status}, 'new')`;

// A request without attribution (sent before sources were recorded, or with refused data).
const source = sql<string>`coalesce(${quoteRequestSources.source}, ${unknownSource})`;

const listColumns = {
  id: quoteRequests.id,
  name: quoteRequests.name,
  projectType: quoteRequests.projectType,
  city: quoteRequests.city,
  budgetRange: quoteRequests.budgetRange,
  createdAt: quoteRequests.createdAt,
  photoUrl: quoteRequests.photoUrl,
  status,
  firstAnsweredAt: quoteRequestStates.firstAnsweredAt,
  source,
};

/** LIKE's own characters in the owner's search are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The requests of the inbox's filter and search; with a period of the results page, only those
 * that page counts for it: arrived in the period (Arizona days), spam aside.
 */
function matching(query: InboxQuery, period?: ResultPeriod, now = new Date()): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (period) {
    const range = periodRange(period, now);
    conditions.push(gte(quoteRequests.createdAt, range.start), lt(quoteRequests.createdAt, range.end));
    conditions.push(sql`${status} <> 'spam'`);
  }
  // The Won filter holds the finished jobs too (Job done is a won job).
  if (query.status === 'won') conditions.push(inArray(status, [...wonStatuses]));
  else if (query.status !== 'all') conditions.push(sql`${status} = ${query.status}`);
  if (query.source) conditions.push(sql`${source} = ${query.source}`);
  if (query.q) {
    const pattern = likePattern(query.q);
    const fields = [
      quoteRequests.name,
      quoteRequests.phone,
      quoteRequests.email,
      quoteRequests.city,
      quoteRequests.message,
    ];
    const anyField = fields.map((field) => ilike(field, pattern));
    // "9285550100" finds "(928) 555-0100": a number is compared by its digits alone.
    const digits = query.q.replace(/\D/g, '');
    if (digits.length >= 3 && /^[\d\s().+-]+$/.test(query.q))
      anyField.push(sql`regexp_replace(${quoteRequests.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    conditions.push(or(...anyField));
  }
  return and(...conditions);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toItem(
  row: { photoUrl: string | null; createdAt: Date; firstAnsweredAt: Date | null } & Omit<
    InboxItem,
    'createdAt' | 'hasPhoto' | 'firstAnsweredAt'
  >,
): InboxItem {
  const { photoUrl, createdAt, firstAnsweredAt, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    hasPhoto: Boolean(photoUrl),
    firstAnsweredAt: iso(firstAnsweredAt),
  };
}

const deliveryOrder: DeliveryKind[] = [
  'owner_alert',
  'owner_push',
  'confirmation',
  'webhook',
  'reminder_email',
  'reminder_push',
  'review_request',
  'review_reminder',
];

export interface InboxOptions {
  /** When Job done sends the review request, and its reminder. */
  reviewRequests?: ReviewRequestSettings;
  /** The site's public address: the review links on a request's page. */
  siteUrl?: string;
  /** Review e-mails were written to the outbox (wakes its worker, for a delay of 0). */
  onReviewRequestScheduled?: () => void;
}

/** What the owner's inbox reads and changes. Only the owner's routes use it, behind a session. */
export function createInbox(database: DatabaseHandle, options: InboxOptions = {}) {
  const { db } = database;
  const speed = createSpeedToLead(database);
  const changes = createRequestChanges(database, {
    reviewRequests: options.reviewRequests,
    onReviewRequestScheduled: options.onReviewRequestScheduled,
  });
  const fromRequests = () =>
    db
      .select(listColumns)
      .from(quoteRequests)
      .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
      .leftJoin(quoteRequestSources, eq(quoteRequestSources.quoteRequestId, quoteRequests.id));

  return {
    async list(query: InboxQuery): Promise<InboxList> {
      const where = matching(query);
      const [rows, [total], perStatus, speedToLead, perSource] = await Promise.all([
        fromRequests().where(where).orderBy(desc(quoteRequests.createdAt)).limit(inboxPageSize),
        db
          .select({ n: count() })
          .from(quoteRequests)
          .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
          .leftJoin(quoteRequestSources, eq(quoteRequestSources.quoteRequestId, quoteRequests.id))
          .where(where),
        db
          .select({ status, n: count() })
          .from(quoteRequests)
          .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
          .groupBy(status),
        speed.summary(),
        db
          .select({ name: quoteRequestSources.source, n: count() })
          .from(quoteRequestSources)
          .groupBy(quoteRequestSources.source)
          .orderBy(desc(count()), quoteRequestSources.source),
      ]);
      const counts = Object.fromEntries(inboxStatuses.map((s) => [s, 0])) as Record<InboxStatus, number>;
      for (const row of perStatus) if (row.status in counts) counts[row.status] = Number(row.n);
      // The Won badge counts what the Won filter lists: finished jobs too.
      counts.won += counts.done;
      return {
        items: rows.map(toItem),
        total: Number(total?.n ?? 0),
        limit: inboxPageSize,
        counts,
        speed: speedToLead,
        sources: perSource.map((row) => ({ name: row.name, count: Number(row.n) })),
      };
    },

    /** Every field of one request with its notes and deliveries; null when there is no such request. */
    async detail(id: string): Promise<RequestDetail | null> {
      const [row] = await db
        .select({
          request: quoteRequests,
          status,
          spamReason: quoteRequestStates.spamReason,
          statusChangedAt: quoteRequestStates.updatedAt,
          firstAnsweredAt: quoteRequestStates.firstAnsweredAt,
          firstAnsweredVia: quoteRequestStates.firstAnsweredVia,
          estimateAmount: quoteRequestStates.estimateAmount,
          jobValue: quoteRequestStates.jobValue,
          lostReason: quoteRequestStates.lostReason,
          wonAt: quoteRequestStates.wonAt,
          attribution: quoteRequestSources,
        })
        .from(quoteRequests)
        .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
        .leftJoin(quoteRequestSources, eq(quoteRequestSources.quoteRequestId, quoteRequests.id))
        .where(eq(quoteRequests.id, id))
        .limit(1);
      if (!row) return null;
      const [sends, notes, reviewRequest, history] = await Promise.all([
        db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id)),
        db
          .select()
          .from(quoteRequestNotes)
          .where(eq(quoteRequestNotes.quoteRequestId, id))
          .orderBy(quoteRequestNotes.createdAt),
        reviewRequestState(db, id, options.siteUrl ?? 'http://localhost'),
        historyOf(db, id),
      ]);
      const { request, attribution } = row;
      return {
        ...toItem({
          ...request,
          status: row.status,
          firstAnsweredAt: row.firstAnsweredAt,
          source: attribution?.source ?? unknownSource,
        }),
        phone: request.phone,
        email: request.email,
        message: request.message,
        photoUrl: request.photoUrl,
        spamReason: row.spamReason,
        statusChangedAt: iso(row.statusChangedAt),
        firstAnsweredVia: row.firstAnsweredVia,
        // The visit's messages show with the visit (server/services/visits), not in this list.
        deliveries: sends
          .filter((send) => deliveryOrder.includes(send.kind))
          .sort(
            (a, b) =>
              deliveryOrder.indexOf(a.kind) - deliveryOrder.indexOf(b.kind) ||
              a.createdAt.getTime() - b.createdAt.getTime(),
          )
          .map((send): DeliveryState => ({
            id: send.id,
            kind: send.kind as DeliveryState['kind'],
            device: send.deviceLabel,
            reminderMinutes: send.reminderMinutes,
            status: send.status,
            attempts: send.attempts,
            lastError: send.lastError,
            sentAt: iso(send.sentAt),
            nextAttemptAt: send.nextAttemptAt.toISOString(),
          })),
        notes: notes.map((note) => ({
          id: note.id,
          body: note.body,
          createdAt: note.createdAt.toISOString(),
          author: note.author,
        })),
        leadSource: attribution
          ? {
              source: attribution.source,
              medium: attribution.medium,
              campaign: attribution.campaign,
              landingPage: attribution.landingPage,
              referrer: attribution.referrer,
              capturedBy: attribution.capturedBy,
              touches: attribution.touches,
            }
          : null,
        reviewRequest,
        estimateAmount: row.estimateAmount,
        jobValue: row.jobValue,
        lostReason: row.lostReason,
        wonAt: iso(row.wonAt),
        history,
      };
    },

    /** The request's photo URL as stored, or null (no such request, or no photo). */
    async photoUrl(id: string): Promise<string | null> {
      const [row] = await db
        .select({ photoUrl: quoteRequests.photoUrl })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, id))
        .limit(1);
      return row?.photoUrl ?? null;
    },

    /** False when there is no such request. Kept in the request's history like any change. */
    async setStatus(id: string, next: InboxStatus, device: string | null = null): Promise<boolean> {
      return (await changes.apply(id, { status: next }, device)) !== null;
    },

    /** The note as stored, or null when there is no such request. */
    async addNote(id: string, body: string) {
      const [exists] = await db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.id, id));
      if (!exists) return null;
      const [note] = await db.insert(quoteRequestNotes).values({ quoteRequestId: id, body }).returning({
        id: quoteRequestNotes.id,
        body: quoteRequestNotes.body,
        createdAt: quoteRequestNotes.createdAt,
        author: quoteRequestNotes.author,
      });
      return note ? { ...note, createdAt: note.createdAt.toISOString() } : null;
    },

    /**
     * Every request of the filter and search (and period), newest first, as CSV (with its notes,
     * oldest first). The money columns hold what the results page counts: the job value of a won
     * job, the lost reason of a lost request, so that a period's columns add up to its figures.
     */
    async csv(query: InboxQuery, period?: ResultPeriod, now = new Date()): Promise<string> {
      const rows = await db
        .select({
          request: quoteRequests,
          status,
          attribution: quoteRequestSources,
          estimateAmount: quoteRequestStates.estimateAmount,
          jobValue: quoteRequestStates.jobValue,
          lostReason: quoteRequestStates.lostReason,
          wonAt: quoteRequestStates.wonAt,
        })
        .from(quoteRequests)
        .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
        .leftJoin(quoteRequestSources, eq(quoteRequestSources.quoteRequestId, quoteRequests.id))
        .where(matching(query, period, now))
        .orderBy(desc(quoteRequests.createdAt));
      const ids = rows.map((row) => row.request.id);
      const notes = ids.length
        ? await db
            .select()
            .from(quoteRequestNotes)
            .where(inArray(quoteRequestNotes.quoteRequestId, ids))
            .orderBy(quoteRequestNotes.createdAt)
        : [];
      const notesOf = (id: string) =>
        notes
          .filter((note) => note.quoteRequestId === id)
          .map(
            (note) =>
              `${arizonaDateTime(note.createdAt)}${note.author === 'homeowner' ? ' (homeowner)' : ''}: ${note.body}`,
          )
          .join('\n');
      return toCsv(
        [
          'Received (Arizona time)',
          'Status',
          'Name',
          'Phone',
          'Email',
          'Project type',
          'City',
          'Budget',
          'Message',
          'Photo',
          'Notes',
          'ID',
          // After the first columns, which keep their places for spreadsheets built on them.
          'Source',
          'Medium',
          'Campaign',
          'Landing page',
          'Referrer',
          'Estimate amount',
          'Job value',
          'Lost reason',
          'Won date (Arizona time)',
        ],
        rows.map(({ request, status, attribution, estimateAmount, jobValue, lostReason, wonAt }) => [
          arizonaDateTime(request.createdAt),
          statusLabels[status] ?? status,
          request.name,
          request.phone,
          request.email,
          request.projectType,
          request.city,
          request.budgetRange,
          request.message,
          request.photoUrl,
          notesOf(request.id),
          request.id,
          attribution?.source ?? unknownSource,
          attribution?.medium,
          attribution?.campaign,
          attribution?.landingPage,
          attribution?.referrer,
          estimateAmount === null ? '' : String(estimateAmount),
          isWon(status) && jobValue !== null ? String(jobValue) : '',
          status === 'lost' && lostReason ? lostReasonLabels[lostReason] : '',
          isWon(status) && wonAt ? arizonaDateTime(wonAt) : '',
        ]),
      );
    },
  };
}
