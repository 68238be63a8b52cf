import { answerTexts } from '../texts/text-thread';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { arizonaIso } from '@shared/arizona-time';
import { unknownSource } from '@shared/lead-source-name';
import {
  inboxStatuses,
  type DeliveryState,
  type InboxItem,
  type InboxList,
  type InboxQuery,
  type InboxStatus,
  type RequestDetail,
} from '@shared/schemas/owner-inbox';
import type { ResultPeriod } from '@shared/schemas/owner-results';
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
import { inboxCsv } from './inbox-csv';
import {
  bookedVisitEnd,
  bookedVisitStart,
  matching,
  openQuestionAt,
  source,
  status,
  waitingForOwner,
} from './inbox-query';
import { createRequestChanges, historyOf } from './request-changes';
import { createSpeedToLead } from './speed-to-lead';

// The inbox's statuses are the database's: a new status must be added to both.
inboxStatuses satisfies readonly LeadStatus[];

/** Newest requests the list shows at once; the search and the filters find older ones, the CSV has all. */
const inboxPageSize = 200;

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
  questionAt: openQuestionAt,
  visitStart: bookedVisitStart,
  visitEnd: bookedVisitEnd,
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toItem(
  row: {
    photoUrl: string | null;
    createdAt: Date;
    firstAnsweredAt: Date | null;
    questionAt: Date | null;
    visitStart: Date | null;
    visitEnd: Date | null;
  } & Omit<InboxItem, 'createdAt' | 'hasPhoto' | 'firstAnsweredAt' | 'questionAt' | 'visit'>,
): InboxItem {
  const { photoUrl, createdAt, firstAnsweredAt, questionAt, visitStart, visitEnd, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    hasPhoto: Boolean(photoUrl),
    firstAnsweredAt: iso(firstAnsweredAt),
    questionAt: iso(questionAt),
    visit: visitStart && visitEnd ? { start: arizonaIso(visitStart), end: arizonaIso(visitEnd) } : null,
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
      const [rows, [total], perStatus, [waiting], speedToLead, perSource] = await Promise.all([
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
        db
          .select({ n: count() })
          .from(quoteRequests)
          .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
          .where(waitingForOwner),
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
      // The New badge counts what the New filter lists: the questions waiting for him too.
      counts.new = Number(waiting?.n ?? 0);
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
          questionAt: openQuestionAt,
          visitStart: bookedVisitStart,
          visitEnd: bookedVisitEnd,
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
          questionAt: row.questionAt,
          visitStart: row.visitStart,
          visitEnd: row.visitEnd,
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
          ...(note.author === 'homeowner' ? { answeredAt: iso(note.answeredAt) } : {}),
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
     * The homeowner's questions on the request are answered (he called, texted or e-mailed her
     * from the question, or marked it answered): the request stops waiting for him. False when
     * there is no such request.
     */
    async answerQuestions(id: string, at = new Date()): Promise<boolean> {
      const [exists] = await db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.id, id));
      if (!exists) return false;
      await db
        .update(quoteRequestNotes)
        .set({ answeredAt: at })
        .where(
          and(
            eq(quoteRequestNotes.quoteRequestId, id),
            eq(quoteRequestNotes.author, 'homeowner'),
            isNull(quoteRequestNotes.answeredAt),
          ),
        );
      await answerTexts(db, id, at);
      return true;
    },

    /**
     * Every request of the filter and search (and period), newest first, as CSV (inbox-csv.ts).
     */
    csv: (query: InboxQuery, period?: ResultPeriod, now = new Date()) => inboxCsv(db, query, period, now),
  };
}
