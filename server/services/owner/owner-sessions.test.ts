import { describe, expect, it } from 'vitest';
import { ownerSessions } from '../../db/schema';
import { serveTestApp } from '../../test/app-fixture';
import { testDatabases } from '../../test/databases';
import { createOwnerSessions, sessionIdleMs } from './owner-sessions';

const day = 24 * 3600_000;

describe.each(testDatabases)('owner sessions on $kind', (testDb) => {
  const { database } = serveTestApp(testDb, { label: 'owner-sessions' });
  let clock = new Date('2026-03-01T12:00:00Z');
  const now = () => clock;

  it('lasts 30 days from the last use, however long ago it began', async () => {
    expect(sessionIdleMs).toBe(30 * day);
    clock = new Date('2026-03-01T12:00:00Z');
    const sessions = createOwnerSessions(database.db, now);
    const { token, expiresAt } = await sessions.create();
    expect(expiresAt.toISOString()).toBe('2026-03-31T12:00:00.000Z');

    // Used every 29 days for three months: still signed in, each use moving the end along.
    for (let use = 1; use <= 3; use++) {
      clock = new Date(clock.getTime() + 29 * day);
      const session = await sessions.check(token);
      expect(session?.refreshed).toBe(true);
      expect(session?.expiresAt.getTime()).toBe(clock.getTime() + 30 * day);
    }
    // Within the hour, a use writes nothing (one update an hour at most).
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect((await sessions.check(token))?.refreshed).toBe(false);

    // Then 30 days without use: over.
    clock = new Date(clock.getTime() + 30 * day);
    expect(await sessions.check(token)).toBeNull();
  });

  it('knows no token it did not hand out, and none that was ended', async () => {
    const sessions = createOwnerSessions(database.db, now);
    const { token } = await sessions.create();
    expect(await sessions.check(`${token}x`)).toBeNull();
    expect(await sessions.check('')).toBeNull();
    expect(await sessions.check('x'.repeat(10_000))).toBeNull();
    await sessions.end(token);
    expect(await sessions.check(token)).toBeNull();
  });

  it('clears sessions that ran out when a new one starts', async () => {
    clock = new Date('2027-01-01T00:00:00Z');
    await createOwnerSessions(database.db, now).create();
    const rows = await database.db.select().from(ownerSessions);
    expect(rows.every((row) => row.expiresAt > clock)).toBe(true);
  });
});
