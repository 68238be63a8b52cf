import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { startTestS3 } from './test/backup-sites';
import { tempDir, validQuote } from './test/http';
import { startServerProcess, type ServerProcess } from './test/server-process';

/**
 * What the built server loads (docs/operations.md, "What most requests never need is loaded on
 * first use"): every module specifier the process resolves is written down by a module hook
 * (test/import-recorder), and the libraries a request seldom needs must not be among them until one
 * does. The AWS SDK alone is 64 MB and about 0.2 CPU-s at start.
 */
const recorder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test', 'import-recorder', 'register.mjs');
const seldomNeeded = [
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  'pdfkit',
  'jsqr',
  'opentype.js',
  'beasties',
];

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function recordedStart(
  env: Record<string, string>,
): Promise<{ server: ServerProcess; loaded: () => Promise<string[]> }> {
  const data = await tempDir('start-loads');
  cleanups.push(data.remove);
  const record = path.join(data.dir, 'imports.txt');
  const server = await startServerProcess(
    { DATA_DIR: data.dir, RECORD_IMPORTS: record, RATE_LIMIT_PER_MINUTE: '0', ...env },
    { nodeArgs: ['--import', recorder] },
  );
  cleanups.push(() => server.kill());
  onTestFailed(() => console.error(server.output().slice(-4000)));
  const loaded = async () => (await readFile(record, 'utf8')).split('\n').filter(Boolean);
  return { server, loaded };
}

describe('what the server loads as it starts and serves', () => {
  it('without S3 settings: neither the AWS SDK nor the PDF, QR, font and CSS libraries, through a start and a quote', async () => {
    const { server, loaded } = await recordedStart({});
    const sent = await fetch(`${server.base}/api/quote-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validQuote),
    });
    expect(sent.status).toBe(201);
    await server.stop();

    const specifiers = await loaded();
    // The hook sees the packages the server loads from node_modules (scripts/build-server.ts bundles
    // the others)...
    expect(specifiers).toContain('pino');
    expect(specifiers).toContain('@electric-sql/pglite');
    // ...and none of these.
    expect(specifiers.filter((specifier) => seldomNeeded.includes(specifier))).toEqual([]);
  });

  it('with S3 settings, the AWS SDK is loaded: the quote photos are stored there', async () => {
    const s3 = await startTestS3();
    cleanups.push(s3.close);
    const { server, loaded } = await recordedStart({
      S3_BUCKET: s3.bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: s3.endpoint,
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    });
    const ticket = await fetch(`${server.base}/api/objects/upload`, { method: 'POST' });
    expect(ticket.status).toBe(200);
    expect(((await ticket.json()) as { uploadURL: string }).uploadURL).toContain(s3.endpoint);
    await server.stop();

    expect(await loaded()).toContain('@aws-sdk/client-s3');
  });
});
