import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { ownerCredentials, ownerSessions, pushSubscriptions } from '../server/db/schema';
import { createOwnerSessions } from '../server/services/owner/owner-sessions';
import { createPushDevices } from '../server/services/push/devices';
import { verifyPassword } from '../server/services/owner/password-hash';
import { postgresReachable, testPostgresUrl } from '../server/test/databases';
import { tempDir } from '../server/test/http';
import { runNode } from '../server/test/node-command';
import { entryProblem, twoLines } from './owner-password';

/** Runs `npm run owner:password` as the owner would, with `input` piped to it. */
function run(env: Record<string, string>, input: string): Promise<{ code: number | null; output: string }> {
  return runNode(['--import', 'tsx', 'scripts/owner-password.ts'], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    input,
  });
}

/**
 * A test here runs the script once or twice, each opening the embedded database from a fresh
 * process: on a two-core machine running the browser journeys beside these tests, well over a minute.
 */
const scriptTimeout = 180_000;

async function storedHash(database: DatabaseHandle) {
  return (await database.db.select().from(ownerCredentials))[0]?.passwordHash;
}

describe('npm run owner:password', () => {
  it('reads two piped lines and refuses what does not match or is too short', () => {
    expect(twoLines('one long password\none long password\n')).toEqual(['one long password', 'one long password']);
    expect(twoLines('windows line ends\r\nwindows line ends\r\n')).toEqual(['windows line ends', 'windows line ends']);
    expect(twoLines('only one line')).toBeNull();
    expect(entryProblem('one long password', 'one long passwort')).toMatch(/not the same/);
    expect(entryProblem('short', 'short')).toMatch(/at least 12 characters/);
    expect(entryProblem('one long password', 'one long password')).toBeNull();
  });

  describe('on the embedded database', () => {
    let data: Awaited<ReturnType<typeof tempDir>>;
    beforeAll(async () => {
      data = await tempDir('owner-password');
    });
    afterAll(() => data.remove());

    it(
      'says the database is in use while the site has it open, and changes nothing',
      async () => {
        const database = await openDatabase({ dataDir: data.dir });
        try {
          const { code, output } = await run({ DATA_DIR: data.dir }, 'a fine long password\na fine long password\n');
          expect(code).toBe(1);
          expect(output).toMatch(/in use by another process.*stop the server/s);
          expect(await storedHash(database)).toBeUndefined();
        } finally {
          await database.close();
        }
      },
      scriptTimeout,
    );

    it(
      'refuses a short password, then sets a good one and signs out every session',
      async () => {
        let database = await openDatabase({ dataDir: data.dir });
        await createOwnerSessions(database.db).create();
        await createPushDevices(database).add(
          { endpoint: 'https://fcm.googleapis.com/fcm/send/old-phone', keys: { p256dh: 'x', auth: 'y' } },
          'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile',
        );
        await database.close();

        const short = await run({ DATA_DIR: data.dir }, 'too short\ntoo short\n');
        expect(short.code).toBe(1);
        expect(short.output).toMatch(/at least 12 characters\. Nothing was changed\./);

        const set = await run({ DATA_DIR: data.dir }, 'cedar shingles on the roof\ncedar shingles on the roof\n');
        expect(set.output).toMatch(/The owner password is set/);
        expect(set.output).toMatch(/1 signed-in session was signed out/);
        expect(set.output).toMatch(/1 device will get no more notifications/);
        expect(set.code).toBe(0);

        database = await openDatabase({ dataDir: data.dir });
        try {
          const hash = await storedHash(database);
          expect(hash).toMatch(/^scrypt\$/);
          expect(await verifyPassword('cedar shingles on the roof', hash!)).toBe(true);
          expect(await database.db.select().from(ownerSessions)).toEqual([]);
          expect(await database.db.select().from(pushSubscriptions)).toEqual([]);
        } finally {
          await database.close();
        }
      },
      scriptTimeout,
    );
  });

  describe.skipIf(!postgresReachable)('on Postgres', () => {
    const adminUrl = testPostgresUrl;
    const name = `rcc_test_pw_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(query);
      await client.end();
    };
    let database: DatabaseHandle;

    beforeAll(async () => {
      await admin(`create database ${name}`);
      database = await openDatabase({ databaseUrl: url.toString() });
    }, scriptTimeout);
    afterAll(async () => {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    }, scriptTimeout);

    it(
      'sets the password while the site runs, and refuses two different entries',
      async () => {
        await createOwnerSessions(database.db).create();
        await createOwnerSessions(database.db).create();
        const mismatch = await run({ DATABASE_URL: url.toString() }, 'first long password\nsecond long password\n');
        expect(mismatch.code).toBe(1);
        expect(mismatch.output).toMatch(/not the same/);
        expect(await storedHash(database)).toBeUndefined();

        const set = await run(
          { DATABASE_URL: url.toString() },
          'ponderosa pine deck boards\nponderosa pine deck boards',
        );
        expect(set.code).toBe(0);
        expect(set.output).toMatch(/2 signed-in sessions were signed out/);
        expect(await verifyPassword('ponderosa pine deck boards', (await storedHash(database))!)).toBe(true);
        expect(await database.db.select().from(ownerSessions)).toEqual([]);
      },
      scriptTimeout,
    );
  });
});
