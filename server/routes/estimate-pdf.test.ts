import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeBackup } from '../services/backup/backup';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { localTestStorage } from '../test/http';
import { pdfText } from '../test/pdf-text';
import { waitFor } from '../test/wait-for';
import { estimateOwner, jsonHeaders } from '../test/estimate-owner';

/**
 * The estimate's PDF as the homeowner downloads it: made once (at sending, and signed at
 * approval) on the PDF worker, kept in storage and served from there; made again when the stored
 * file is gone; downloads bounded per address.
 */
describe.each(testDatabases)('estimate PDFs on $kind', (testDb) => {
  const made: string[] = [];
  const app = serveTestApp(testDb, { label: 'estimate-pdf', apps: [{ onPdfMade: ({ name }) => made.push(name) }] });
  const { newRequest, sent } = estimateOwner(app);

  const madeFor = (id: string) => made.filter((name) => name.includes(id));
  // A `.part` file is one still being written (then renamed into place): not stored yet.
  const stored = async (id: string) =>
    (await readdir(path.join(app.dir, 'uploads', 'pdf-cache')).catch(() => [])).filter(
      (name) => name.includes(id) && !name.endsWith('.part'),
    );
  const download = async (estimatePath: string, base = app.base) => {
    const response = await fetch(`${base}${estimatePath}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return Buffer.from(await response.arrayBuffer());
  };

  it('makes a sent version’s PDF once, keeps it, and serves the same bytes every time', async () => {
    const estimate = await sent(await newRequest('Marisol Begay'));
    const files = await waitFor('the PDF stored at sending', 60_000, async () => {
      const names = await stored(estimate.id);
      return names.length > 0 ? names : undefined;
    });
    expect(files).toHaveLength(1);
    const first = await download(estimate.path);
    const second = await download(estimate.path);
    expect(second.equals(first)).toBe(true);
    expect(madeFor(estimate.id)).toHaveLength(1);
    const { text } = await pdfText(first);
    expect(text).toContain('Marisol Begay');
    expect(text).toContain('Cedar deck boards, 240 sq ft, installed');
  });

  it('has downloads asked for while it is being made wait for that one PDF', async () => {
    const estimate = await sent(await newRequest('Tomás Yazzie'));
    const downloads = await Promise.all(Array.from({ length: 6 }, () => download(estimate.path)));
    for (const pdf of downloads) expect(pdf.equals(downloads[0]!)).toBe(true);
    expect(madeFor(estimate.id)).toHaveLength(1);
    expect((await pdfText(downloads[0]!)).text).toContain('Tomás Yazzie');
  });

  it('makes the PDF again when its stored file is gone', async () => {
    const estimate = await sent(await newRequest('Hazel Nakai'));
    const before = await download(estimate.path);
    const [file] = await stored(estimate.id);
    await unlink(path.join(app.dir, 'uploads', 'pdf-cache', file!));
    const after = await download(estimate.path);
    expect(madeFor(estimate.id)).toHaveLength(2);
    expect(await stored(estimate.id)).toEqual([file]);
    expect((await pdfText(after)).text).toBe((await pdfText(before)).text);
  });

  it('makes the signed PDF at approval, once, and serves it from then on', async () => {
    const estimate = await sent(await newRequest('Ruth Chee'));
    await download(estimate.path);
    const approved = await fetch(`${app.base}${estimate.path}/approve`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ name: 'Ruth Chee', accept: true, options: [2] }),
    });
    expect(approved.status).toBe(200);
    await waitFor('the signed PDF made at approval', 60_000, () =>
      madeFor(estimate.id).length === 2 ? true : undefined,
    );
    const signed = await download(estimate.path);
    expect((await download(estimate.path)).equals(signed)).toBe(true);
    expect(madeFor(estimate.id)).toHaveLength(2);
    const { text } = await pdfText(signed);
    expect(text).toContain('Approved on');
    expect(text).toContain('Composite railing instead of cedar (optional: added)');
  });

  it('serves a whole, correct PDF from two servers asked for it at once', async () => {
    const estimate = await sent(await newRequest('Vera Etsitty'));
    const [file] = await waitFor('the PDF stored at sending', 60_000, async () => {
      const names = await stored(estimate.id);
      return names.length > 0 ? names : undefined;
    });
    // Gone from storage, then asked of both servers (each with a maker of its own) at once.
    await unlink(path.join(app.dir, 'uploads', 'pdf-cache', file!));
    await app.withApp({}, async (other) => {
      const pdfs = await Promise.all(
        [0, 1, 2, 3].map((index) => download(estimate.path, index % 2 ? other : app.base)),
      );
      for (const pdf of pdfs) expect((await pdfText(pdf)).text).toContain('Vera Etsitty');
    });
    const [again] = await stored(estimate.id);
    const kept = await download(estimate.path);
    expect((await pdfText(kept)).text).toContain('Vera Etsitty');
    expect(again).toBe(file);
  });

  it('leaves the stored PDFs out of a backup: they are made again from the database', async () => {
    const estimate = await sent(await newRequest('Irene Joe'));
    await download(estimate.path);
    expect(await stored(estimate.id)).toHaveLength(1);
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
    const storage = await localTestStorage(app.dir);
    const { manifest } = await writeBackup(
      { database: app.database, storage, dataDir: null, siteUrl: app.base },
      discard,
    );
    expect(manifest.objects.filter((object) => object.name.includes(estimate.id))).toEqual([]);
  });

  it('answers 429 with Retry-After to downloads past the per-address allowance', async () => {
    const estimate = await sent(await newRequest('Lena Tsosie'));
    await app.withApp({ rateLimitPerMinute: 3 }, async (base) => {
      for (let count = 0; count < 3; count++) await download(estimate.path, base);
      const refused = await fetch(`${base}${estimate.path}/pdf`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.text()).toContain('Too many requests');
      // The page itself still opens: only the downloads are bounded.
      expect((await fetch(`${base}${estimate.path}`)).status).toBe(200);
    });
  });
});
