import { and, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { arizonaDay } from '@shared/arizona-time';
import type { ChangeOrderInputParsed, ChangeOrderPatch } from '@shared/schemas/change-orders';
import {
  estimateTotals,
  lineTotalCents,
  toMilli,
  type EstimateInputParsed,
  type FrozenEstimate,
  type OwnerEstimate,
} from '@shared/schemas/estimates';
import { toStoredSchedule } from '@shared/schemas/payment-schedule';
import { execute, type Database, type DatabaseHandle } from '../../db/client';
import {
  deliveries,
  estimates,
  quoteRequestNotes,
  quoteRequests,
  quoteRequestStates,
  visits,
  type EstimateRow,
} from '../../db/schema';
import { HttpError } from '../errors';
import { applyRequestChange } from '../owner/request-changes';
import { estimateBusinessSnapshot } from './business-snapshot';
import { canonicalSha256 } from './canonical-json';
import { changeOrderFrozen, changeOrderPatched, insertChangeOrder } from './change-orders';
import { checkLimits, linesOf } from './estimate-lines';
import { arizonaDayAfter, estimatePath, followUpTimes, newEstimateToken } from './estimate-records';
import { draftExtras, ownerPaper, papersOf, toOwnerPaper } from './paper-records';
import { pastEstimates } from './past-estimates';
import { queueEstimateTexts } from '../texts/texts';
import type { EstimateSettingsStore } from './estimate-settings';

export const defaultValidDays = 30;

/** A draft's change: an estimate's fields, or a change order's (its lines have no options). */
export type EstimateUpdate = Partial<Omit<EstimateInputParsed, 'items'>> &
  Omit<ChangeOrderPatch, 'items'> & {
    items?: readonly { description: string; quantity: number; unitPrice: number; optional?: boolean }[];
  };

export interface EstimateServiceOptions {
  database: DatabaseHandle;
  settings: EstimateSettingsStore;
  /** The site's public origin: the homeowner's link is built on it. */
  siteUrl: string;
  clock?: () => Date;
  /** Called after an estimate's e-mails were written to the outbox: wakes its worker. */
  onEnqueued?: () => void;
  /** Called with a version just sent: its PDF is made now, ahead of the first download. */
  onSent?: (row: EstimateRow) => void;
}

const notFound = () => new HttpError(404, 'There is no such estimate.');

/** The owner's side of estimates: write, change a draft, send, revise; his request's page lists them. */
export function createEstimateService(options: EstimateServiceOptions) {
  const { database, settings, siteUrl } = options;
  const { db } = database;
  const now = options.clock ?? (() => new Date());

  async function checkValidUntil(day: string) {
    const today = arizonaDay(now());
    if (day < today) throw new HttpError(400, 'Valid until cannot be in the past.');
    if (day > arizonaDayAfter(now(), 366)) throw new HttpError(400, 'Valid until can be at most a year from today.');
  }

  async function lockedRow(tx: Database, id: string): Promise<EstimateRow> {
    const [row] = await tx.select().from(estimates).where(eq(estimates.id, id)).for('update');
    if (!row) throw notFound();
    return row;
  }

  async function nextVersion(tx: Database, requestId: string): Promise<number> {
    const { rows } = await execute<{ n: number }>(
      tx,
      sql`select coalesce(max(version), 0)::int + 1 as n from estimates where quote_request_id = ${requestId}`,
    );
    return Number(rows[0]?.n ?? 1);
  }

  return {
    /** The business as a new estimate would show it (the preview of a draft). */
    business: () => estimateBusinessSnapshot(db),

    /** The estimates' clock: a draft's preview is dated as if it were sent now. */
    now: () => now(),

    /** Every version of a request's estimate, newest first. */
    async listFor(requestId: string): Promise<OwnerEstimate[]> {
      const rows = await papersOf(db, requestId);
      return [...rows].reverse().map((row) => toOwnerPaper(rows, row, siteUrl, now()));
    },

    /** The homeowner and project of a request, as a draft's preview shows them. */
    async homeownerOf(requestId: string) {
      const [row] = await db
        .select({ name: quoteRequests.name, email: quoteRequests.email, phone: quoteRequests.phone })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, requestId));
      return row ?? { name: '', email: '', phone: '' };
    },
    async projectOf(requestId: string) {
      const [row] = await db
        .select({ type: quoteRequests.projectType, city: quoteRequests.city })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, requestId));
      return row ?? { type: '', city: '' };
    },

    /** What a draft's preview shows beyond its lines: its schedule, or what the change order changes. */
    draftExtras: (row: EstimateRow) => draftExtras(db, row),

    async get(id: string): Promise<EstimateRow> {
      const [row] = await db.select().from(estimates).where(eq(estimates.id, id));
      if (!row) throw notFound();
      return row;
    },

    /** The last sent estimates of any request, to start a new one from (their lines). */
    past: (limit = 20) => pastEstimates(db, limit),

    async create(requestId: string, input: EstimateInputParsed): Promise<OwnerEstimate> {
      const defaults = await settings.get();
      const taxRateMilli = toMilli(input.taxRate ?? defaults.taxRate);
      const items = linesOf(input.items, taxRateMilli);
      const validUntil = input.validUntil ?? arizonaDayAfter(now(), defaultValidDays);
      await checkValidUntil(validUntil);
      const row = await database.transaction(async (tx) => {
        const [request] = await tx
          .select({ id: quoteRequests.id })
          .from(quoteRequests)
          .where(eq(quoteRequests.id, requestId))
          .for('update');
        if (!request) throw new HttpError(404, 'There is no such request.');
        const [visit] = await tx
          .select({ address: visits.address })
          .from(visits)
          .where(and(eq(visits.quoteRequestId, requestId), eq(visits.status, 'booked')));
        const [created] = await tx
          .insert(estimates)
          .values({
            quoteRequestId: requestId,
            version: await nextVersion(tx, requestId),
            token: newEstimateToken(),
            items,
            taxRateMilli,
            address: input.address ?? visit?.address ?? '',
            notes: input.notes ?? '',
            validUntil,
            totalCents: estimateTotals(items, taxRateMilli).totalCents,
            schedule: toStoredSchedule(input.schedule ?? defaults.defaultSchedule),
          })
          .returning();
        return created!;
      });
      return ownerPaper(db, row, siteUrl, now());
    },

    /** A change order of the request's approved estimate (change-orders.ts says what it checks). */
    async createChangeOrder(requestId: string, input: ChangeOrderInputParsed): Promise<OwnerEstimate> {
      const validUntil = input.validUntil ?? arizonaDayAfter(now(), defaultValidDays);
      await checkValidUntil(validUntil);
      const row = await database.transaction(async (tx) => {
        const [request] = await tx
          .select({ id: quoteRequests.id })
          .from(quoteRequests)
          .where(eq(quoteRequests.id, requestId))
          .for('update');
        if (!request) throw new HttpError(404, 'There is no such request.');
        return insertChangeOrder(tx, requestId, input, {
          version: await nextVersion(tx, requestId),
          token: newEstimateToken(),
          validUntil,
        });
      });
      return ownerPaper(db, row, siteUrl, now());
    },

    /** Changes a draft; a sent version is frozen (409). */
    async update(id: string, input: EstimateUpdate): Promise<OwnerEstimate> {
      if (input.validUntil) await checkValidUntil(input.validUntil);
      const row = await database.transaction(async (tx) => {
        const before = await lockedRow(tx, id);
        if (before.status !== 'draft')
          throw new HttpError(
            409,
            before.status === 'approved'
              ? 'An approved estimate cannot be changed.'
              : 'A sent estimate cannot be changed: use Revise to make a new version.',
          );
        const taxRateMilli = input.taxRate === undefined ? before.taxRateMilli : toMilli(input.taxRate);
        const items = input.items ? linesOf(input.items, taxRateMilli) : before.items;
        checkLimits(items, taxRateMilli);
        const change =
          before.kind === 'change-order' ? await changeOrderPatched(tx, before, input, items, taxRateMilli) : {};
        const [after] = await tx
          .update(estimates)
          .set({
            ...change,
            ...(input.schedule && before.kind === 'estimate' ? { schedule: toStoredSchedule(input.schedule) } : {}),
            items,
            taxRateMilli,
            address: input.address ?? before.address,
            notes: input.notes ?? before.notes,
            validUntil: input.validUntil ?? before.validUntil,
            totalCents: estimateTotals(items, taxRateMilli).totalCents,
            updatedAt: now(),
          })
          .where(eq(estimates.id, id))
          .returning();
        return after!;
      });
      return ownerPaper(db, row, siteUrl, now());
    },

    /**
     * Sends a draft: freezes what the homeowner sees, replaces the versions sent before, sets the
     * request Quoted (from New or Contacted) with the estimate amount, and writes the e-mail and
     * its follow-ups to the outbox, all in one transaction. Sending a sent version again changes nothing.
     */
    async send(id: string, device: string | null): Promise<OwnerEstimate> {
      const defaults = await settings.get();
      const business = await estimateBusinessSnapshot(db);
      const row = await database.transaction(async (tx) => {
        const draft = await lockedRow(tx, id);
        if (draft.status !== 'draft') {
          if (draft.status === 'sent' && !draft.replacedBy) return draft;
          throw new HttpError(
            409,
            'This version was already sent and answered or replaced: use Revise to make a new one.',
          );
        }
        const others = await tx
          .select()
          .from(estimates)
          .where(and(eq(estimates.quoteRequestId, draft.quoteRequestId), ne(estimates.id, id)))
          .for('update');
        // After the yes only change orders go out: the approved estimate is never replaced.
        const changeOrder = draft.kind === 'change-order' ? await changeOrderFrozen(tx, draft, others) : undefined;
        if (!changeOrder && others.some((other) => other.status === 'approved'))
          throw new HttpError(409, 'Another version of this estimate was approved already: it cannot be replaced.');
        const at = now();
        if (draft.validUntil < arizonaDay(at)) throw new HttpError(400, 'Valid until is in the past: change it first.');
        const [request] = await tx
          .select({
            name: quoteRequests.name,
            email: quoteRequests.email,
            phone: quoteRequests.phone,
            projectType: quoteRequests.projectType,
            city: quoteRequests.city,
            status: quoteRequestStates.status,
          })
          .from(quoteRequests)
          .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
          .where(eq(quoteRequests.id, draft.quoteRequestId));
        if (!request) throw new HttpError(404, 'There is no such request.');
        const frozen: FrozenEstimate = {
          estimateId: draft.id,
          version: draft.version,
          business,
          homeowner: { name: request.name, email: request.email, phone: request.phone, address: draft.address },
          project: { type: request.projectType, city: request.city },
          items: draft.items.map((item) => ({ ...item, lineTotalCents: lineTotalCents(item) })),
          taxRateMilli: draft.taxRateMilli,
          notes: draft.notes,
          validUntil: draft.validUntil,
          sentAt: at.toISOString(),
          ...(changeOrder ? { changeOrder } : { schedule: draft.schedule }),
        };
        const totalCents = estimateTotals(draft.items, draft.taxRateMilli).totalCents;
        const [sent] = await tx
          .update(estimates)
          .set({ status: 'sent', frozen, contentHash: canonicalSha256(frozen), sentAt: at, totalCents, updatedAt: at })
          .where(eq(estimates.id, id))
          .returning();
        // A change order replaces nothing: the estimates before it were answered, and change orders stand each on its own.
        const replaced = changeOrder
          ? []
          : others.filter((other) => other.status === 'sent' || other.status === 'declined');
        if (replaced.length > 0) {
          await tx
            .update(estimates)
            .set({ replacedBy: id, updatedAt: at })
            .where(
              inArray(
                estimates.id,
                replaced.map((other) => other.id),
              ),
            );
          await tx.delete(deliveries).where(
            and(
              inArray(
                deliveries.estimateId,
                replaced.map((other) => other.id),
              ),
              eq(deliveries.kind, 'estimate_follow_up'),
              eq(deliveries.status, 'pending'),
            ),
          );
          // The revision's e-mail answers the question she asked before it: it stops waiting for him.
          await tx
            .update(quoteRequestNotes)
            .set({ answeredAt: at })
            .where(
              and(
                eq(quoteRequestNotes.quoteRequestId, draft.quoteRequestId),
                eq(quoteRequestNotes.author, 'homeowner'),
                isNull(quoteRequestNotes.answeredAt),
                lte(quoteRequestNotes.createdAt, at),
              ),
            );
        }
        const status = request.status ?? 'new';
        if (!changeOrder)
          await applyRequestChange(
            tx,
            draft.quoteRequestId,
            {
              ...(status === 'new' || status === 'contacted' ? { status: 'quoted' as const } : {}),
              estimateAmount: Math.round(totalCents / 100),
            },
            device,
          );
        const base = { quoteRequestId: draft.quoteRequestId, estimateId: id, estimateEvent: 'sent' as const };
        const followUps = followUpTimes(at, defaults.followUpDays, draft.validUntil);
        await tx
          .insert(deliveries)
          .values([
            { ...base, kind: 'estimate_email' as const, nextAttemptAt: at },
            ...followUps.map((due) => ({ ...base, kind: 'estimate_follow_up' as const, nextAttemptAt: due })),
          ]);
        await queueEstimateTexts(tx, {
          requestId: draft.quoteRequestId,
          estimateId: id,
          at,
          followUps,
          link: `${siteUrl}${estimatePath(sent!.token)}`,
          changeOrder: Boolean(changeOrder),
        });
        return sent!;
      });
      options.onEnqueued?.();
      options.onSent?.(row);
      return ownerPaper(db, row, siteUrl, now());
    },

    /** A new draft from a sent version (its lines, tax, address and notes); an approved one cannot change. */
    async revise(id: string): Promise<OwnerEstimate> {
      const row = await database.transaction(async (tx) => {
        const from = await lockedRow(tx, id);
        if (from.status === 'approved') throw new HttpError(409, 'An approved estimate cannot be changed.');
        if (from.kind === 'change-order')
          throw new HttpError(409, 'A change order is not revised: write a new change order instead.');
        if (from.status === 'draft') throw new HttpError(409, 'This version is still a draft: change it and send it.');
        const [approved] = await tx
          .select({ id: estimates.id })
          .from(estimates)
          .where(and(eq(estimates.quoteRequestId, from.quoteRequestId), eq(estimates.status, 'approved')));
        if (approved) throw new HttpError(409, 'Another version of this estimate was approved: it cannot be changed.');
        const validUntil =
          from.validUntil < arizonaDay(now()) ? arizonaDayAfter(now(), defaultValidDays) : from.validUntil;
        const [created] = await tx
          .insert(estimates)
          .values({
            quoteRequestId: from.quoteRequestId,
            version: await nextVersion(tx, from.quoteRequestId),
            token: newEstimateToken(),
            items: from.items,
            taxRateMilli: from.taxRateMilli,
            address: from.address,
            notes: from.notes,
            validUntil,
            totalCents: from.totalCents,
            schedule: from.schedule,
          })
          .returning();
        return created!;
      });
      return ownerPaper(db, row, siteUrl, now());
    },
  };
}

export type EstimateService = ReturnType<typeof createEstimateService>;
