import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RequestListener } from 'node:http';
import { createLocalDiskStorage } from '../services/storage/local-disk';
import type { LocalDiskStorage } from '../services/storage/types';

/** Serves `app` on a random loopback port; `base` is its origin. */
export async function listen(app: RequestListener): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fresh temporary folder and a function that removes it. */
export async function tempDir(label: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `rcc-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export const testSigningSecret = 'test-secret-that-is-at-least-32-characters';

export async function localTestStorage(dir: string, now?: () => number): Promise<LocalDiskStorage> {
  return createLocalDiskStorage({ dir: path.join(dir, 'uploads'), secret: testSigningSecret, now });
}

/** The first bytes of real image files (magic numbers) followed by filler. */
export const photos = {
  jpeg: withFiller([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00]),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: withFiller(ascii('GIF89a')),
  webp: withFiller([...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')]),
  heic: withFiller([0, 0, 0, 0x18, ...ascii('ftypheic'), 0, 0, 0, 0, ...ascii('mif1heic')]),
  /** Text pretending to be a photo. */
  fake: Buffer.from('<html><script>alert(1)</script></html>'.repeat(4)),
};

function ascii(text: string): number[] {
  return [...Buffer.from(text, 'latin1')];
}

function withFiller(head: number[]): Buffer {
  return Buffer.concat([Buffer.from(head), Buffer.alloc(200, 7)]);
}

/** A complete, valid quote request as the form sends it. */
export const validQuote = {
  name: 'Jane Doe',
  phone: '(928) 555-0100',
  email: 'jane@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: 'New deck, about 12 by 16 feet.',
} as const;

/** Asks the API for an upload URL and PUTs `bytes` there, as the browser does. */
export async function uploadPhoto(base: string, bytes: Buffer, contentType: string) {
  const ticket = await fetch(`${base}/api/objects/upload`, { method: 'POST' });
  const { uploadURL } = (await ticket.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, { method: 'PUT', body: asBody(bytes), headers: { 'Content-Type': contentType } });
  return { uploadURL, put, photoUrl: uploadURL.split('?')[0]! };
}

/** Opening PGlite (WASM) or creating a Postgres database can be slow on a busy machine. */
export const setupTimeout = 60_000;

/** Bytes as a fetch body (TypeScript's DOM types do not take a Node Buffer). */
export function asBody(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}
