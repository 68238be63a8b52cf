import { spawn } from 'node:child_process';
import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { openDatabase } from './db/client';
import { realPhotos, tempDir, validQuote } from './test/http';
import { testNodeFlags } from './test/node-flags';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { waitFor } from './test/wait-for';

/**
 * Everything under DATA_DIR is the site's alone (server/private-files.ts): after a first start of
 * the real server, a quote with a photo, the e-mails written to the outbox, a stop and the
 * owner-password script, no file or folder there can be opened by another user of the machine,
 * though the processes run under umask 000. A folder an older version left 0666/0755 is corrected
 * at start, with a log line.
 */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

/** Every file not 0600 and folder not 0700 under `root`, as `mode path`. */
async function exposed(root: string): Promise<string[]> {
  const found: string[] = [];
  async function visit(entry: string) {
    const info = await lstat(entry).catch(() => null);
    if (!info) return;
    const mode = info.mode & 0o7777;
    if (info.isDirectory()) {
      if (mode !== 0o700) found.push(`${mode.toString(8)} ${path.relative(root, entry) || '.'}/`);
      for (const name of await readdir(entry).catch(() => [])) await visit(path.join(entry, name));
    } else if (info.isFile() && mode !== 0o600) found.push(`${mode.toString(8)} ${path.relative(root, entry)}`);
  }
  await visit(root);
  return found;
}

/** Every entry under `root` (itself included), set to the modes an older version left. */
async function loosen(root: string): Promise<number> {
  let count = 0;
  async function visit(entry: string) {
    const info = await lstat(entry);
    if (info.isDirectory()) {
      await chmod(entry, 0o755);
      count++;
      for (const name of await readdir(entry)) await visit(path.join(entry, name));
    } else if (info.isFile()) {
      await chmod(entry, 0o666);
      count++;
    }
  }
  await visit(root);
  return count;
}

const outboxMail = async (dataDir: string) =>
  (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));

/** `npm run owner:password` as the owner runs it, under umask 000. */
function setPassword(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        'umask 000 && exec "$0" "$@"',
        process.execPath,
        ...testNodeFlags,
        '--import',
        'tsx',
        'scripts/owner-password.ts',
      ],
      { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end('a fine long password\na fine long password\n');
  });
}

describe.skipIf(process.env.FAULT_TESTS === 'skip')('the files under DATA_DIR', () => {
  const site = 'https://www.example.com';
  const start = async (dataDir: string): Promise<ServerProcess> => {
    const server = await startServerProcess(
      { DATA_DIR: dataDir, SITE_URL: site, RATE_LIMIT_PER_MINUTE: '0', LEAD_REMINDER_MINUTES: '0' },
      { umask: 0o000, readyTimeoutMs: 120_000 },
    );
    cleanups.push(() => server.kill());
    onTestFailed(() => console.error(`Server output:\n${server.output().slice(-4000)}`));
    return server;
  };

  it('are the site’s alone after a first start, a quote with a photo, its e-mails, a stop and a new owner password', async () => {
    const data = await tempDir('modes');
    cleanups.push(() => data.remove());
    const dataDir = path.join(data.dir, 'data');

    const server = await start(dataDir);
    expect(await exposed(dataDir)).toEqual([]);
    expect((await readdir(path.join(dataDir, 'pglite'))).length).toBeGreaterThan(0);

    // A homeowner's photo, then his request with it; the server writes the e-mails as files.
    const ticket = await fetch(`${server.base}/api/objects/upload`, { method: 'POST' });
    const uploadURL = new URL(((await ticket.json()) as { uploadURL: string }).uploadURL);
    const put = await fetch(`${server.base}${uploadURL.pathname}${uploadURL.search}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: new Uint8Array((await realPhotos()).jpeg),
    });
    expect(put.status).toBe(200);
    const quote = await fetch(`${server.base}/api/quote-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...validQuote, photoUrl: `${site}${uploadURL.pathname}` }),
    });
    expect(quote.status).toBe(201);
    // With no owner password yet, the set-up link's e-mail too.
    const mail = await waitFor('the set-up link, the alert and the confirmation in the outbox', 30_000, async () => {
      const files = await outboxMail(dataDir);
      return files.length >= 3 ? files : undefined;
    });
    expect(mail).toHaveLength(3);
    expect(await readdir(path.join(dataDir, 'uploads'))).toContain(uploadURL.pathname.split('/').at(-1));
    expect(await exposed(dataDir)).toEqual([]);

    expect(await server.stop()).toBe(0);
    expect(await exposed(dataDir)).toEqual([]);

    const password = await setPassword(dataDir);
    expect(password.output).toMatch(/The owner password is set/);
    expect(password.code).toBe(0);
    expect(await exposed(dataDir)).toEqual([]);
  }, 300_000);

  it('corrects what an older version left readable, once at start, and says how many', async () => {
    const data = await tempDir('modes-old');
    cleanups.push(() => data.remove());
    const dataDir = path.join(data.dir, 'data');
    // A database, an e-mail and the upload secret as an older version left them: 0666 and 0755.
    const database = await openDatabase({ dataDir });
    await database.close();
    await mkdir(path.join(dataDir, 'outbox'));
    await writeFile(path.join(dataDir, 'outbox', '2026-11-01T10-00-00-000Z-old.eml'), 'Subject: New quote\r\n\r\nJane');
    await writeFile(path.join(dataDir, 'upload-secret'), 'an-old-secret-of-at-least-32-characters-long');
    const loosened = await loosen(dataDir);
    expect((await exposed(dataDir)).length).toBe(loosened);

    const server = await start(dataDir);
    const line = await waitFor('the log line', 10_000, () =>
      server
        .output()
        .split('\n')
        .find((text) => text.includes('made private')),
    );
    expect(JSON.parse(line!)).toMatchObject({ corrected: loosened });
    expect(line).toContain(`${loosened} files and folders`);
    expect(await exposed(dataDir)).toEqual([]);
    expect(await server.stop()).toBe(0);

    // Corrected once: the next start finds nothing to say.
    const again = await start(dataDir);
    expect(again.output()).not.toContain('made private');
    expect(await again.stop()).toBe(0);
  }, 300_000);
});
