import { desc, eq, inArray } from 'drizzle-orm';
import { arizonaDateTime } from '@shared/arizona-time';
import { unknownSource } from '@shared/lead-source-name';
import { isWon, statusLabels, type InboxQuery } from '@shared/schemas/owner-inbox';
import { lostReasonLabels } from '@shared/schemas/owner-money';
import type { ResultPeriod } from '@shared/schemas/owner-results';
import type { Database } from '../../db/client';
import { quoteRequestNotes, quoteRequests, quoteRequestSources, quoteRequestStates } from '../../db/schema';
import { toCsv } from './csv';
import { matching, status } from './inbox-query';

/**
 * Every request of the filter and search (and period), newest first, as CSV (with its notes,
 * oldest first). The money columns hold what the results page counts: the job value of a won
 * job, the lost reason of a lost request, so that a period's columns add up to its figures.
 */
export async function inboxCsv(
  db: Database,
  query: InboxQuery,
  period?: ResultPeriod,
  now = new Date(),
): Promise<string> {
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
}
