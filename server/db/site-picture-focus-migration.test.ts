import { afterAll, describe, expect, it } from 'vitest';
import { migrateInTransaction, readJournal } from '../services/backup/migrations';
import { openEmptyMemoryDatabase } from '../test/databases';
import { migrationsFolder, type DatabaseHandle } from './client';

/**
 * Migration 0021: a photo he put in with Top, Centre or Bottom before the focal point keeps the
 * same part, now a point in the middle of the width at the top, the middle or the bottom.
 */
describe('the site pictures’ focal point migration', () => {
  let database: DatabaseHandle | undefined;
  afterAll(() => database?.close());

  it('turns Top, Centre and Bottom into points at the top, the middle and the bottom', async () => {
    database = await openEmptyMemoryDatabase({ migrate: false });
    const journal = await readJournal(migrationsFolder);
    const before = journal.findIndex((entry) => entry.tag === '0021_site_picture_focus');
    expect(before).toBeGreaterThan(0);
    const rows = await database.withSession(async (session) => {
      await migrateInTransaction(session, migrationsFolder, before);
      for (const [place, keep] of [
        ['hero/home', 'top'],
        ['services/decks', 'centre'],
        ['people/owner', 'bottom'],
      ])
        await session.query(
          `insert into site_pictures (id, place, format, keep, width, height, widths, placeholder, original)
           values (gen_random_uuid(), $1, 'photo', $2, 1600, 900, '[640]', 'data:,', 'x-original.jpg')`,
          [place, keep],
        );
      await migrateInTransaction(session, migrationsFolder);
      return session.query<{ place: string; focus_x: number; focus_y: number; set_aside_at: string | null }>(
        'select place, focus_x, focus_y, set_aside_at from site_pictures order by place',
      );
    });
    expect(rows).toEqual([
      { place: 'hero/home', focus_x: 50, focus_y: 0, set_aside_at: null },
      { place: 'people/owner', focus_x: 50, focus_y: 100, set_aside_at: null },
      { place: 'services/decks', focus_x: 50, focus_y: 50, set_aside_at: null },
    ]);
  }, 60_000);
});
