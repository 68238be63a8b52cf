import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEstimateService } from '../../server/services/estimates/estimate-service';
import { createEstimateSettings } from '../../server/services/estimates/estimate-settings';
import { createQuoteService } from '../../server/services/quote-service';
import { createLocalDiskStorage } from '../../server/services/storage/local-disk';
import { benchQuoteBody } from './api-load';
import { withOwnerDatabase } from './owner-data';
import { startServer } from './serve';

export interface PdfDownloadFigures {
  round: string;
  downloads: number;
  downloadsMs: number;
  healthMedianMs: number;
  healthMaxMs: number;
  healthChecks: number;
}

/** An estimate written and sent on the embedded database of `dataDir` (before the server opens it); its page's path. */
async function sentEstimate(dataDir: string): Promise<string> {
  let pagePath = '';
  await withOwnerDatabase(dataDir, async (database) => {
    const storage = await createLocalDiskStorage({ dir: path.join(dataDir, 'uploads'), secret: 'bench-'.repeat(8) });
    const quotes = createQuoteService({ database, storage, deliveryKinds: [] });
    const site = 'http://127.0.0.1';
    const { id } = await quotes.submit(JSON.parse(benchQuoteBody) as never, { origins: [site] });
    const settings = createEstimateSettings(database, { taxRate: 8.5, followUpDays: [] });
    const service = createEstimateService({ database, settings, siteUrl: site });
    const draft = await service.create(id, {
      items: Array.from({ length: 12 }, (_, line) => ({
        description: `Line ${line + 1}: new framing on footings below the deck, cedar boards and hidden fasteners`,
        quantity: 2,
        unitPrice: 850,
        optional: line === 11,
      })),
      taxRate: 8.5,
      notes: 'Payment: a third up front, the rest when done.',
    } as never);
    const sent = await service.send(draft.id, null);
    pagePath = new URL(sent.url).pathname;
  });
  return pagePath;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** `count` downloads of one link at once, with `/api/health` asked one after another until they are done. */
async function round(url: string, pagePath: string, label: string, count: number): Promise<PdfDownloadFigures> {
  let done = false;
  const health: number[] = [];
  const checks = (async () => {
    // With no downloads, 20 checks one after another: the server's answer at rest.
    while (count === 0 ? health.length < 20 : !done) {
      const started = performance.now();
      await fetch(`${url}/api/health`).then((response) => response.arrayBuffer());
      health.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${url}${pagePath}/pdf`).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  const downloadsMs = count === 0 ? 0 : performance.now() - started;
  done = true;
  await checks;
  const refused = statuses.filter((status) => status !== 200).length;
  if (refused > 0) console.log(`bench: pdf: ${refused} of ${count} downloads were not 200`);
  return {
    round: label,
    downloads: count,
    downloadsMs: Math.round(downloadsMs),
    healthMedianMs: Math.round(median(health) * 10) / 10,
    healthMaxMs: Math.round(Math.max(...health) * 10) / 10,
    healthChecks: health.length,
  };
}

/**
 * The server's health answer while 30 downloads of one estimate's PDF arrive at once, with the
 * rate limit off (the probe of issue 55 saw 9.2 s): the first round makes the PDF on the worker
 * thread, the second serves the stored file. Production build, embedded database.
 */
export async function benchPdfDownloads(options: { root: string; port: number }): Promise<PdfDownloadFigures[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rcc-bench-pdf-'));
  const pagePath = await sentEstimate(dataDir);
  const server = await startServer({
    root: options.root,
    port: options.port,
    env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0' },
  });
  try {
    const quiet = await round(server.url, pagePath, 'quiet (no downloads)', 0);
    return [
      quiet,
      await round(server.url, pagePath, 'first: made on the worker', 30),
      await round(server.url, pagePath, 'again: the stored file', 30),
    ];
  } finally {
    await server.stop();
  }
}

export function pdfDownloadsTable(rows: PdfDownloadFigures[]): string {
  const lines = rows.map(
    (row) =>
      `${row.round.padEnd(28)} ${String(row.downloads).padStart(9)} ${`${row.downloadsMs} ms`.padStart(12)} ${`${row.healthMedianMs} ms`.padStart(13)} ${`${row.healthMaxMs} ms`.padStart(11)} ${String(row.healthChecks).padStart(7)}`,
  );
  return [
    `${'round'.padEnd(28)} ${'downloads'.padStart(9)} ${'all done in'.padStart(12)} ${'health p50'.padStart(13)} ${'health max'.padStart(11)} ${'checks'.padStart(7)}`,
    ...lines,
  ].join('\n');
}
