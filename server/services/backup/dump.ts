import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/client';
import { entryCaps, type Manifest, type ManifestTable } from './archive';
import {
  listForeignKeys,
  listSequences,
  listTables,
  loadOrder,
  qualified,
  quoteIdent,
  textFormatSettings,
} from './catalog';
import { migrationLevel, type JournalEntry } from './migrations';
import { neverRestoredTables } from './restore-policy';

/** Rows per fetch from the cursor. */
const fetchRows = 1_000;
/** A part's bytes at most: the cap a restore accepts for a database part. */
const partMaxBytes = entryCaps.db;

export interface DatabaseDump {
  tables: ManifestTable[];
  sequences: Manifest['sequences'];
  migrations: Manifest['migrations'];
  postgres: string;
  /** The staged parts: entry name -> file in the staging folder. */
  files: Map<string, string>;
}

/**
 * Every table of the database, as it was at one moment: one read-only REPEATABLE READ
 * transaction (on PGlite, nothing else runs meanwhile), each table read through a cursor in its
 * primary key's order, every value in Postgres's own text form (version-independent, and what
 * the restore casts back) or null. The rows are written as JSON lines into `stagingDir` and the
 * transaction ends, so the archive is written after the database is free again.
 */
export async function dumpDatabase(
  database: DatabaseHandle,
  journal: JournalEntry[],
  stagingDir: string,
): Promise<DatabaseDump> {
  return database.sqlTransaction('snapshot', async (session) => {
    for (const setting of textFormatSettings) await session.query(setting);
    const [version] = await session.query<{ version: string }>('select version() as version');
    const migrations = await migrationLevel(session, journal);
    // One-time tokens are never carried (restore-policy.ts).
    const catalog = (await listTables(session)).filter((table) => !neverRestoredTables.includes(table.name));
    const { order } = loadOrder(
      catalog.map((table) => table.name),
      await listForeignKeys(session),
    );
    const files = new Map<string, string>();
    const tables: ManifestTable[] = [];
    for (const [index, name] of order.entries()) {
      const table = catalog.find((candidate) => candidate.name === name)!;
      const parts: string[] = [];
      let part: string[] = [];
      let partBytes = 0;
      let rows = 0;
      const flush = async () => {
        if (part.length === 0) return;
        const entry = `db/${encodeURIComponent(name)}/${String(parts.length + 1).padStart(5, '0')}.jsonl`;
        const file = path.join(stagingDir, `${index}-${parts.length}.jsonl`);
        await writeFile(file, part.join(''), { mode: 0o600 });
        files.set(entry, file);
        parts.push(entry);
        part = [];
        partBytes = 0;
      };
      const select = table.columns.map((column) => `${quoteIdent(column.name)}::text`).join(', ');
      const orderBy = table.primaryKey.length ? ` order by ${table.primaryKey.map(quoteIdent).join(', ')}` : '';
      await session.query(
        `declare backup_rows no scroll cursor for select ${select} from ${qualified(name)}${orderBy}`,
      );
      for (;;) {
        const batch = await session.queryArrays(`fetch ${fetchRows} from backup_rows`);
        for (const row of batch) {
          const line = `${JSON.stringify(row)}\n`;
          const lineBytes = Buffer.byteLength(line);
          if (lineBytes > partMaxBytes)
            throw new Error(
              `A row of ${name} takes ${lineBytes} bytes, more than a part of a backup may hold (${partMaxBytes}): it cannot be backed up.`,
            );
          if (partBytes + lineBytes > partMaxBytes) await flush();
          part.push(line);
          partBytes += lineBytes;
          rows++;
        }
        if (batch.length < fetchRows) break;
      }
      await session.query('close backup_rows');
      await flush();
      tables.push({
        name,
        columns: table.columns.map((column) => column.name),
        types: table.columns.map((column) => column.type),
        rows,
        parts,
      });
    }
    const sequences: Manifest['sequences'] = [];
    for (const name of await listSequences(session)) {
      const [state] = await session.query<{ last: string; called: boolean }>(
        `select last_value::text as last, is_called as called from ${qualified(name)}`,
      );
      if (state) sequences.push({ name, lastValue: state.last, isCalled: state.called });
    }
    return { tables, sequences, migrations, postgres: version?.version ?? 'unknown', files };
  });
}
