import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTimeout, tempDir } from '../test/http';
import { capturingLogger } from '../test/log';
import { migrationsFolder, openDatabase } from './client';
import { findTemplate, seedFromTemplate, templateKey, testsTemplateFolder } from './pglite-template';

function modes(folder: string): { dirs: Set<number>; files: Set<number>; names: string[] } {
  const found = { dirs: new Set<number>(), files: new Set<number>(), names: [] as string[] };
  const walk = (at: string) => {
    found.dirs.add(statSync(at).mode & 0o777);
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const entryPath = path.join(at, entry.name);
      found.names.push(entry.name);
      if (entry.isDirectory()) walk(entryPath);
      else found.files.add(statSync(entryPath).mode & 0o777);
    }
  };
  walk(folder);
  return found;
}

// The global setup made the template under node_modules/.cache (server/test/pglite-template-setup.ts).
describe('a new embedded database from the migrated template', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    temp = await tempDir('pglite-template');
  });
  afterAll(() => temp.remove());

  it(
    'starts from a copy, without initdb: every table there and empty, folders 0700 and files 0600',
    async () => {
      expect(findTemplate(migrationsFolder, [testsTemplateFolder])).toBe(testsTemplateFolder);
      const copied = path.join(temp.dir, 'copied', 'pglite');
      mkdirSync(path.dirname(copied), { recursive: true });
      expect(seedFromTemplate(copied, migrationsFolder)).toBe(true);
      // As copied (what PGlite writes once open is the server's own business).
      const found = modes(copied);
      expect(found.names).toContain('PG_VERSION');
      expect(found.names).not.toContain('rcc-template.json');
      expect([...found.dirs]).toEqual([0o700]);
      expect([...found.files]).toEqual([0o600]);
      // Nothing left beside it from the copy.
      expect(readdirSync(path.dirname(copied))).toEqual(['pglite']);

      const dataDir = path.join(temp.dir, 'site');
      const { logger, lines } = capturingLogger();
      const database = await openDatabase({ dataDir, logger });
      try {
        expect(lines.join('\n')).toMatch(/new data folder made from the build's migrated template/);
        const [count] = await database.withSession((session) =>
          session.query<{ n: number }>('select count(*)::int as n from quote_requests'),
        );
        expect(count!.n).toBe(0);
        const applied = await database.withSession((session) =>
          session.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'),
        );
        expect(applied[0]!.n).toBe(
          (JSON.parse(templateKey(migrationsFolder)) as { migrations: string[] }).migrations.length,
        );
      } finally {
        await database.close();
      }
    },
    setupTimeout,
  );

  it(
    'never copies over a database that is there: what was stored stays',
    async () => {
      const dataDir = path.join(temp.dir, 'kept');
      let database = await openDatabase({ dataDir });
      await database.withSession((session) =>
        session.query(
          `insert into quote_requests (name, phone, email, project_type, city, budget_range, message)
           values ('Kept Person', '(928) 555-0100', 'kept@example.com', 'Decks', 'Payson', 'Under $5,000', null)`,
        ),
      );
      await database.close();
      expect(seedFromTemplate(path.join(dataDir, 'pglite'), migrationsFolder)).toBe(false);
      const { logger, lines } = capturingLogger();
      database = await openDatabase({ dataDir, logger });
      try {
        const rows = await database.withSession((session) =>
          session.query<{ name: string }>('select name from quote_requests'),
        );
        expect(rows).toEqual([{ name: 'Kept Person' }]);
        expect(lines.join('\n')).not.toMatch(/made from the build's migrated template/);
      } finally {
        await database.close();
      }
    },
    setupTimeout,
  );

  it('ignores a template made by another PGlite or for other migrations, and leaves a folder with other files alone', () => {
    const stale = path.join(temp.dir, 'stale-template');
    const other = path.join(temp.dir, 'other');
    mkdirSync(stale, { recursive: true });
    writeFileSync(path.join(stale, 'rcc-template.json'), JSON.stringify({ pglite: '0.0.1', migrations: [] }));
    expect(findTemplate(migrationsFolder, [stale])).toBeUndefined();
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, 'notes.txt'), 'not a database');
    expect(seedFromTemplate(other, migrationsFolder)).toBe(false);
    expect(existsSync(path.join(other, 'PG_VERSION'))).toBe(false);
  });
});
