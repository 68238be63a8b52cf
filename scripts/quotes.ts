/**
 * `npm run quotes`: prints the latest 20 quote requests, newest first, from the database the
 * server uses (DATABASE_URL, or the embedded PGlite in DATA_DIR). PGlite can be opened by one
 * process at a time, so with the embedded database stop the server first.
 */
import { pathToFileURL } from 'node:url';
import { desc, inArray } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import {
  deliveries,
  quoteRequestStates,
  quoteRequests,
  type DeliveryKind,
  type DeliveryRow,
  type QuoteRequestRow,
} from '../server/db/schema';
import { parseEnv } from '../server/env';
import { keepNewFilesPrivate } from '../server/private-files';
import { arizonaDateTime } from '../shared/arizona-time';
import { openConfiguredDatabase } from './configured-database';

const latest = 20;

/** What the site did with a request: its screening and its e-mails and webhook. */
export interface QuoteFollowUp {
  spamReason: string | null;
  deliveries: Pick<DeliveryRow, 'kind' | 'status' | 'attempts' | 'lastError' | 'sentAt' | 'nextAttemptAt'>[];
}

const deliveryLabels: Record<DeliveryKind, string> = {
  owner_alert: 'Alert:  ',
  confirmation: 'Reply:  ',
  webhook: 'Webhook:',
  owner_push: 'Push:   ',
  reminder_email: 'Remind: ',
  reminder_push: 'R.push: ',
  visit_confirmation: 'Visit:  ',
  visit_owner_alert: 'V.alert:',
  visit_push: 'V.push: ',
  visit_reminder: 'V.remind',
  review_request: 'Review: ',
  review_reminder: 'R.review:',
  owner_password_reset: 'Reset:  ',
  owner_email_changed: 'E-mail: ',
  owner_password_changed: 'Password:',
  owner_setup_link: 'Set-up: ',
  estimate_email: 'Estimate:',
  estimate_follow_up: 'E.follow:',
  estimate_approved_email: 'E.signed:',
  estimate_owner_alert: 'E.alert:',
  estimate_push: 'E.push: ',
  review_owner_alert: 'New rev.:',
  review_push: 'Rev.push:',
  invoice_email: 'Invoice:',
  invoice_receipt: 'Receipt:',
  invoice_reminder: 'I.remind:',
  text: 'Text:   ',
  text_push: 'T.push: ',
};

export function formatQuote(row: QuoteRequestRow, followUp?: QuoteFollowUp): string {
  const text = escapeForTerminal;
  const lines = [
    `${formatDate(row.createdAt)}  ${text(row.name)}`,
    `  Phone:   ${text(row.phone)}`,
    `  E-mail:  ${text(row.email)}`,
    `  Project: ${text(row.projectType)} in ${text(row.city)}, budget ${text(row.budgetRange)}`,
  ];
  if (row.photoUrl) lines.push(`  Photo:   ${text(row.photoUrl)}`);
  if (row.message) lines.push(`  Message: ${row.message.split(/\r?\n/).map(text).join('\n           ')}`);
  if (followUp?.spamReason) lines.push(`  Spam:    yes, ${text(followUp.spamReason)}: nothing was sent`);
  for (const delivery of followUp?.deliveries ?? []) {
    lines.push(`  ${deliveryLabels[delivery.kind]} ${text(deliveryState(delivery))}`);
  }
  return lines.join('\n');
}

function deliveryState(delivery: QuoteFollowUp['deliveries'][number]): string {
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`;
  switch (delivery.status) {
    case 'sent':
      return `sent ${delivery.sentAt ? formatDate(delivery.sentAt) : ''}`.trim();
    case 'failed':
      return `FAILED after ${tries}: ${delivery.lastError ?? 'unknown error'}`;
    case 'pending':
      return delivery.attempts === 0
        ? 'pending'
        : `pending, next try ${formatDate(delivery.nextAttemptAt)} (${tries}, last error: ${delivery.lastError ?? 'none'})`;
  }
}

/** The latest requests, newest first, each with its screening and deliveries. */
export async function latestQuotes(db: Database, limit = latest) {
  const rows = await db.select().from(quoteRequests).orderBy(desc(quoteRequests.createdAt)).limit(limit);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [states, sends] = await Promise.all([
    db.select().from(quoteRequestStates).where(inArray(quoteRequestStates.quoteRequestId, ids)),
    db.select().from(deliveries).where(inArray(deliveries.quoteRequestId, ids)),
  ]);
  const order: DeliveryKind[] = ['owner_alert', 'confirmation', 'webhook'];
  return rows.map((row) => ({
    row,
    followUp: {
      spamReason: states.find((state) => state.quoteRequestId === row.id)?.spamReason ?? null,
      deliveries: sends
        .filter((send) => send.quoteRequestId === row.id)
        .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind)),
    },
  }));
}

// Controls (ESC starts terminal commands), format characters (bidi overrides reverse the text,
// zero-width ones hide), line/paragraph separators and lone surrogates.
const unsafeForTerminal = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/**
 * Visitor text made safe to print: every character that could drive the terminal or hide or
 * reorder text is shown as an escape (`\x1b`, `\u202e`, `\u{e0041}`) instead.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(unsafeForTerminal, (character) => {
    const code = character.codePointAt(0)!;
    if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
    if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
    return `\\u{${code.toString(16)}}`;
  });
}

/** `2026-05-04 14:03 AZ` */
export function formatDate(date: Date): string {
  return `${arizonaDateTime(date)} AZ`;
}

async function main() {
  // What this writes under DATA_DIR (the embedded database's files) is the site's alone.
  keepNewFilesPrivate();
  const env = parseEnv();
  const database = await openConfiguredDatabase(env);
  try {
    const rows = await latestQuotes(database.db);
    const source =
      database.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}/`;
    if (rows.length === 0) {
      console.log(`No quote requests yet in ${source}.`);
      return;
    }
    console.log(`Latest ${rows.length} quote request${rows.length === 1 ? '' : 's'}, newest first, from ${source}:\n`);
    console.log(rows.map(({ row, followUp }) => formatQuote(row, followUp)).join('\n\n'));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
