import { and, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import { formatCents, paperTitle, type DeclineReason } from '@shared/schemas/estimates';
import type { DatabaseHandle } from '../../db/client';
import { deliveries, estimates, quoteRequestNotes, type EstimateRow } from '../../db/schema';
import type { AlertSettings, Mailer } from '../alerts/types';
import type { ClaimedDelivery } from '../outbox/outbox-worker';
import type { PushNotificationPayload } from '../push/notification';
import {
  approvedEstimateMessage,
  homeownerEstimateMessage,
  ownerEstimateMessage,
  type EstimateForMessage,
} from './estimate-messages';
import type { PdfMaker } from '../pdf/pdf-maker';
import { estimatePdfFile } from './estimate-pdf-file';
import { estimatePath, followUpStillDue, type EstimateEvent } from './estimate-records';
import { unsubscribedFromFollowUps } from '../follow-up-unsubscribes';

export const estimateMailKinds = [
  'estimate_email',
  'estimate_follow_up',
  'estimate_approved_email',
  'estimate_owner_alert',
] as const;

async function loadEstimate(
  database: DatabaseHandle,
  delivery: ClaimedDelivery,
): Promise<{ row: EstimateRow; event: EstimateEvent }> {
  const [sent] = await database.db
    .select({ estimateId: deliveries.estimateId, event: deliveries.estimateEvent })
    .from(deliveries)
    .where(eq(deliveries.id, delivery.id));
  if (!sent?.estimateId) throw new Error('The estimate of this message no longer exists');
  const [row] = await database.db.select().from(estimates).where(eq(estimates.id, sent.estimateId));
  if (!row?.frozen) throw new Error('The estimate of this message no longer exists');
  return { row, event: sent.event ?? 'sent' };
}

function forMessage(row: EstimateRow, siteUrl: string): EstimateForMessage {
  return {
    requestId: row.quoteRequestId,
    frozen: row.frozen!,
    totalCents: row.totalCents,
    pageUrl: `${siteUrl}${estimatePath(row.token)}`,
    approvedName: row.approvedName,
    approvedAt: row.approvedAt,
    approvedTotalCents: row.approvedTotalCents,
    declineReason: (row.declineReason as DeclineReason | null) ?? null,
    declineComment: row.declineComment,
  };
}

/**
 * What a revised version replaces: when the version before it was sent, and the last question she
 * asked between that and this one (her questions are the homeowner's notes on the request).
 */
async function replacedBy(database: DatabaseHandle, row: EstimateRow): Promise<EstimateForMessage['replaces']> {
  const [before] = await database.db
    .select({ sentAt: estimates.sentAt })
    .from(estimates)
    .where(eq(estimates.replacedBy, row.id))
    .orderBy(desc(estimates.version))
    .limit(1);
  if (!before?.sentAt || !row.sentAt) return null;
  const question = await latestQuestion(
    database,
    row,
    gt(quoteRequestNotes.createdAt, before.sentAt),
    lte(quoteRequestNotes.createdAt, row.sentAt),
  );
  return { sentAt: before.sentAt, question: question ?? null };
}

/** The homeowner's latest question on the estimate's request, within `when` (any time without it). */
async function latestQuestion(database: DatabaseHandle, row: EstimateRow, ...when: SQL[]): Promise<string | undefined> {
  const [question] = await database.db
    .select({ body: quoteRequestNotes.body })
    .from(quoteRequestNotes)
    .where(
      and(eq(quoteRequestNotes.quoteRequestId, row.quoteRequestId), eq(quoteRequestNotes.author, 'homeowner'), ...when),
    )
    .orderBy(desc(quoteRequestNotes.createdAt))
    .limit(1);
  return question?.body;
}

/**
 * Sends the estimate's e-mails from the outbox, built as they go. A follow-up whose estimate was
 * answered, replaced or has expired since it was written is dropped (the answer also deletes it).
 */
export function createEstimateMail(options: {
  database: DatabaseHandle;
  mailer: Mailer;
  settings: AlertSettings;
  /** The stored PDFs (services/pdf): the pages' downloads and the e-mails share each file. */
  pdfs: PdfMaker;
  clock?: () => Date;
}) {
  const { database, mailer, settings, pdfs } = options;
  const now = options.clock ?? (() => new Date());
  return {
    async deliver(delivery: ClaimedDelivery, messageId: string): Promise<void> {
      const { row, event } = await loadEstimate(database, delivery);
      const estimate = forMessage(row, settings.siteUrl);
      switch (delivery.kind) {
        case 'estimate_email':
          await mailer.send({
            ...homeownerEstimateMessage(
              { ...estimate, replaces: await replacedBy(database, row) },
              false,
              settings,
              await estimatePdfFile(pdfs, row, true),
            ),
            messageId,
          });
          return;
        case 'estimate_follow_up':
          if (
            !followUpStillDue(row, now()) ||
            (await unsubscribedFromFollowUps(database.db, row.frozen!.homeowner.email))
          ) {
            await database.db.delete(deliveries).where(eq(deliveries.id, delivery.id));
            return;
          }
          await mailer.send({
            ...homeownerEstimateMessage(estimate, true, settings, await estimatePdfFile(pdfs, row, true)),
            // RFC 8058: the mail app's own Unsubscribe button posts here, once.
            headers: {
              'List-Unsubscribe': `<${settings.siteUrl}${estimatePath(row.token)}/unsubscribe>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
            messageId,
          });
          return;
        case 'estimate_approved_email':
          await mailer.send({
            ...approvedEstimateMessage(estimate, settings, await estimatePdfFile(pdfs, row)),
            messageId,
          });
          return;
        case 'estimate_owner_alert': {
          if (event === 'sent' || event === 'viewed') return;
          const question = event === 'question' ? await latestQuestion(database, row) : undefined;
          await mailer.send({
            ...ownerEstimateMessage(estimate, event, settings, {
              question,
              signedPdf: event === 'approved' ? await estimatePdfFile(pdfs, row) : undefined,
            }),
            messageId,
          });
          return;
        }
        default:
          throw new Error(`Not an estimate e-mail: ${delivery.kind}`);
      }
    },
  };
}

/** The owner's notification: "Dana opened your estimate", approved, declined or asked about. */
export function estimatePushPayload(database: DatabaseHandle) {
  return async (delivery: ClaimedDelivery): Promise<PushNotificationPayload> => {
    const { row, event } = await loadEstimate(database, delivery);
    const frozen = row.frozen!;
    const first = frozen.homeowner.name.trim().split(/\s+/)[0] ?? frozen.homeowner.name;
    const noun = frozen.changeOrder ? 'change order' : 'estimate';
    const title =
      event === 'viewed'
        ? `${first} opened your ${noun}`
        : event === 'approved'
          ? `${first} approved your ${noun}: ${formatCents(row.approvedTotalCents ?? 0)}`
          : event === 'declined'
            ? `${first} declined your ${noun}`
            : `${first} asked about your ${noun}`;
    return {
      title,
      body: `${frozen.project.type} in ${frozen.project.city}, ${paperTitle(frozen).toLowerCase()}. Tap to open the request.`,
      url: `/owner/requests/${row.quoteRequestId}`,
      tag: `estimate-${row.id}-${event}`,
    };
  };
}
