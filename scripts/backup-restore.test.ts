import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { openDatabase } from '../server/db/client';
import { setOwnerPassword } from '../server/services/owner/owner-sessions';
import { freshPostgresDatabase } from '../server/test/databases';
import { postgresReachable } from '../server/test/databases';
import { realPhotos, tempDir, uploadPhoto, validQuote } from '../server/test/http';
import { runNode } from '../server/test/node-command';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';

/**
 * The round trip as an operator does it: a site on the embedded database with photos on local
 * disk, `npm run backup` while it runs, `DATABASE_URL=... npm run restore` into a new Postgres
 * database and data folder, and the site started on Postgres shows the same requests, notes and
 * statuses, each photo byte for byte. Then back from Postgres to a new embedded database.
 */

const password = 'a long owner password';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return runNode(['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
  });
}

async function startSite(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ RATE_LIMIT_PER_MINUTE: '0', ...env }, { readyTimeoutMs: 90_000 });
  cleanups.push(() => server.stop());
  onTestFailed(() => console.error(server.output().slice(-4000)));
  return server;
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/owner/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ password }),
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** What the owner sees: every request with its status and notes, and the SHA-256 of its photo. */
async function ownerView(base: string) {
  const cookie = await signIn(base);
  const list = (await (await fetch(`${base}/api/owner/requests`, { headers: { Cookie: cookie } })).json()) as {
    items: { id: string }[];
  };
  const view = [];
  for (const { id } of list.items) {
    const detail = (await (
      await fetch(`${base}/api/owner/requests/${id}`, { headers: { Cookie: cookie } })
    ).json()) as {
      status: string;
      notes: { body: string }[];
      name: string;
      hasPhoto?: boolean;
    };
    const photo = await fetch(`${base}/api/owner/requests/${id}/photo`, { headers: { Cookie: cookie } });
    const digest =
      photo.status === 200
        ? createHash('sha256')
            .update(Buffer.from(await photo.arrayBuffer()))
            .digest('hex')
        : null;
    view.push({ id, name: detail.name, status: detail.status, notes: detail.notes.map((note) => note.body), digest });
  }
  return view.sort((a, b) => a.id.localeCompare(b.id));
}

describe.runIf(postgresReachable)('npm run backup and npm run restore, embedded database <-> Postgres', () => {
  it('move a site with its requests, notes, statuses and photos, and back', { timeout: 600_000 }, async () => {
    const folder = await tempDir('move');
    cleanups.push(folder.remove);
    const oldData = path.join(folder.dir, 'old');
    const seeding = await openDatabase({ dataDir: oldData });
    await setOwnerPassword(seeding.transaction, password);
    await seeding.close();

    const old = await startSite({ DATA_DIR: oldData });
    const photos = await realPhotos();
    for (const [index, photo] of [photos.jpeg, photos.png, null].entries()) {
      const photoUrl = photo
        ? (await uploadPhoto(old.base, photo, index === 0 ? 'image/jpeg' : 'image/png')).photoUrl
        : undefined;
      const response = await fetch(`${old.base}/api/quote-requests`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: old.base },
        body: JSON.stringify({ ...validQuote, email: `p${index}@example.com`, ...(photoUrl ? { photoUrl } : {}) }),
      });
      expect(response.status).toBe(201);
    }
    const cookie = await signIn(old.base);
    const [first] = (
      (await (await fetch(`${old.base}/api/owner/requests`, { headers: { Cookie: cookie } })).json()) as {
        items: { id: string }[];
      }
    ).items;
    const owner = { Cookie: cookie, Origin: old.base, 'Content-Type': 'application/json' };
    await fetch(`${old.base}/api/owner/requests/${first!.id}`, {
      method: 'PATCH',
      headers: owner,
      body: JSON.stringify({ status: 'quoted' }),
    });
    await fetch(`${old.base}/api/owner/requests/${first!.id}/notes`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ body: 'Called, quote sent' }),
    });
    const before = await ownerView(old.base);
    expect(before.filter((request) => request.digest)).toHaveLength(2);

    // The site keeps running: the command asks it for the backup.
    const archive = path.join(folder.dir, 'site.tar.gz');
    const backup = await run('backup', [archive], { DATA_DIR: oldData });
    expect(backup.output).toMatch(/The running server took the backup/);
    expect(backup.output).toMatch(/quote_requests: 3/);
    expect(backup.code).toBe(0);
    await old.stop();

    const postgres = await freshPostgresDatabase('move');
    cleanups.push(postgres.drop);
    const newData = path.join(folder.dir, 'new');
    const restored = await run('restore', [archive], { DATABASE_URL: postgres.url, DATA_DIR: newData });
    expect(restored.output).toMatch(/Restored/);
    expect(restored.code).toBe(0);
    const again = await run('restore', [archive], { DATABASE_URL: postgres.url, DATA_DIR: newData });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds data.*--replace/);

    const moved = await startSite({ DATABASE_URL: postgres.url, DATA_DIR: newData });
    expect(await ownerView(moved.base)).toEqual(before);

    // Back: from Postgres (the site running) to a new embedded database.
    const back = path.join(folder.dir, 'back.tar.gz');
    expect((await run('backup', [back], { DATABASE_URL: postgres.url, DATA_DIR: newData })).code).toBe(0);
    await moved.stop();
    const thirdData = path.join(folder.dir, 'third');
    expect((await run('restore', [back], { DATA_DIR: thirdData })).code).toBe(0);
    const third = await startSite({ DATA_DIR: thirdData });
    expect(await ownerView(third.base)).toEqual(before);
  });
});
