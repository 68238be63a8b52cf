/**
 * `npm run quotes`: prints the latest 20 quote requests, newest first, from the database the
 * server uses (DATABASE_URL, or the embedded PGlite in DATA_DIR). PGlite can be opened by one
 * process at a time, so with the embedded database stop the server first.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { desc } from 'drizzle-orm';
import { DatabaseInUseError, openDatabase } from '../server/db/client';
import { quoteRequests, type QuoteRequestRow } from '../server/db/schema';
import { parseEnv } from '../server/env';

const latest = 20;
/** The business is in Arizona, which keeps Mountain Standard Time all year. */
const timeZone = 'America/Phoenix';

export function formatQuote(row: QuoteRequestRow): string {
  const text = escapeForTerminal;
  const lines = [
    `${formatDate(row.createdAt)}  ${text(row.name)}`,
    `  Phone:   ${text(row.phone)}`,
    `  E-mail:  ${text(row.email)}`,
    `  Project: ${text(row.projectType)} in ${text(row.city)}, budget ${text(row.budgetRange)}`,
  ];
  if (row.photoUrl) lines.push(`  Photo:   ${text(row.photoUrl)}`);
  if (row.message) lines.push(`  Message: ${row.message.split(/\r?\n/).map(text).join('\n           ')}`);
  return lines.join('\n');
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
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} AZ`;
}

async function main() {
  const env = parseEnv();
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = path.resolve(root, env.DATA_DIR);
  let database;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  try {
    const rows = await database.db.select().from(quoteRequests).orderBy(desc(quoteRequests.createdAt)).limit(latest);
    const source =
      database.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}/`;
    if (rows.length === 0) {
      console.log(`No quote requests yet in ${source}.`);
      return;
    }
    console.log(`Latest ${rows.length} quote request${rows.length === 1 ? '' : 's'}, newest first, from ${source}:\n`);
    console.log(rows.map(formatQuote).join('\n\n'));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
