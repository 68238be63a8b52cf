import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runApiLoad } from './api-load';
import { firstResponseBytes } from './bundle-sizes';
import { measureTaps } from './input-delay';
import { runLighthouse, type Load } from './lighthouse';
import { measureEarlyClick } from './early-click';
import { measureNavigation } from './navigation';
import { putOwnerPhotos, waitForOwnerPhotos } from './owner-photos';
import { publishOwnerProjects, waitForOwnerPages } from './owner-projects';
import { hasWrk, runPageLoad } from './page-load';
import type { LongTask } from './lighthouse-report';
import { measureMemory, memoryTable, type MemoryFigures } from './memory';
import { benchPdfDownloads, pdfDownloadsTable } from './pdf-downloads';
import { startServer } from './serve';

/**
 * `npm run bench`: builds the production site, serves it, and measures the pages the way a
 * visitor's phone meets them: the `lighthouse` command (a fresh Chromium for every run, mobile
 * preset), on a quiet machine and with a second process keeping one CPU core busy; then taps
 * on pages still loading (Event Timing, 4x slowed CPU); then the quote API's throughput next
 * to a bare baseline. An early click (`early-click.ts`): before the idle moment, held while the
 * router starts against a full load. Client navigation (`navigation.ts`): clicks on header, footer, in-page and
 * drawer links once the app's router is in, 4x slowed CPU. Figures only: it always exits 0 unless it cannot run at all. Every figure
 * and each run's Lighthouse report are kept under bench-results/.
 *
 * Options for quicker rounds: `--no-build` (serve the last build), `--pages-only` (no API load),
 * `--runs N` (rounds, default 3), `--routes /,/gallery`, `--no-busy` (quiet runs only),
 * `--no-taps`, `--no-nav` (no client navigation timing), `--nav-only` (only that and the early
 * click), `--early-click-only` (only the early click against a full load), `--no-wrk` (no
 * page throughput under wrk), `--wrk-only` (only that: the build's pages and those rendered for
 * published owner projects, 2 threads, 32 connections, brotli), `--owner-projects` (the pages as
 * the server renders them once the owner published three projects with real photos, instead of
 * the build's), `--owner-photos` (the same with his 12-megapixel photos in place of the home hero
 * and the Decks picture, scripts/bench/owner-photos.ts), `--restore` (only the memory of restoring 500 MB of photos into Postgres, see
 * restore.ts), `--memory` (only the server's memory and start time, embedded and on Postgres:
 * memory.ts), `--loading` (only lazy loading against LOAD_EAGERLY=true, side by side on Postgres:
 * side-by-side.ts), `--start-settings "ENV=value --node-flag"` (only npm start's settings against
 * them with those on top, the same way), `--pdf` (only /api/health during 30 downloads at once of
 * one estimate's PDF: pdf-downloads.ts), `--views` (each route's p99 alone and while 500 page views a
 * second arrive: views-load.ts). `BENCH_PORT` sets the port (default 5180; the API load uses the port 10 above).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 5180);
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'pages-only': { type: 'boolean', default: false },
    'no-busy': { type: 'boolean', default: false },
    'no-taps': { type: 'boolean', default: false },
    'no-nav': { type: 'boolean', default: false },
    'nav-only': { type: 'boolean', default: false },
    'early-click-only': { type: 'boolean', default: false },
    'wrk-only': { type: 'boolean', default: false },
    'no-wrk': { type: 'boolean', default: false },
    'owner-projects': { type: 'boolean', default: false },
    'owner-photos': { type: 'boolean', default: false },
    restore: { type: 'boolean', default: false },
    memory: { type: 'boolean', default: false },
    loading: { type: 'boolean', default: false },
    pdf: { type: 'boolean', default: false },
    views: { type: 'boolean', default: false },
    'start-settings': { type: 'string' },
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
  },
});
if (options.restore) {
  const { benchRestore } = await import('./restore');
  await benchRestore();
  process.exit(0);
}
const routes = options.routes
  ? options.routes.split(',').map((route) => route.trim())
  : ['/', '/services/kitchen-remodeling', '/locations/payson', '/gallery', '/contact'];
const runs = Math.max(1, Number(options.runs) || 3);
const loads: Load[] = options['no-busy'] ? ['quiet'] : ['quiet', 'busy'];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const tasks = (list: LongTask[]) =>
  list.length ? list.map((t) => `${t.source} ${t.durationMs} (${t.kind} @${t.startMs})`).join(', ') : 'none';

const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const resultsDir = path.join(root, 'bench-results');
const reportDir = path.join(resultsDir, `lighthouse-${stamp}`);
mkdirSync(reportDir, { recursive: true });
const raw: Record<string, unknown> = { date: new Date().toISOString(), cpus: cpus().length, loadBefore: loadavg() };

if (!options['no-build']) {
  console.log('bench: building the production site…');
  execSync('npm run build', {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SITE_URL: `http://127.0.0.1:${port}` },
  });
}

if (options.pdf) {
  await reportPdfDownloads();
  process.exit(0);
}

if (options.views) {
  const { benchViews, viewsTable } = await import('./views-load');
  const result = await benchViews({
    root,
    port: port + 40,
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    routes,
  });
  console.log(`\nPages while 500 page views a second arrive (Postgres; machine load ${load()})`);
  console.log(viewsTable(result));
  writeFileSync(path.join(resultsDir, `bench-${stamp}.json`), JSON.stringify({ ...raw, views: result }, null, 2));
  process.exit(0);
}

/** /api/health during 30 downloads at once of one estimate's PDF (pdf-downloads.ts). */
async function reportPdfDownloads(): Promise<void> {
  const figures = await benchPdfDownloads({ root, port: port + 30 });
  raw.pdfDownloads = figures;
  console.log(
    `\nEstimate PDF: /api/health asked one after another while 30 downloads of one link arrive at once (rate limit off; machine load ${load()})`,
  );
  console.log(pdfDownloadsTable(figures));
}

if (options.loading || options['start-settings']) {
  const { benchSideBySide, loadingWays, sideBySideTable, startSettingsWays } = await import('./side-by-side');
  const ways = options['start-settings'] ? startSettingsWays(options['start-settings']) : loadingWays;
  const figures = await benchSideBySide({
    root,
    port,
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    ways,
    rounds: runs,
  });
  console.log(`${sideBySideTable(ways, figures, runs)}\nbench: machine load ${load()} on ${cpus().length} cores`);
  const sideBySide = ways.map((way, index) => ({ ...way, ...figures[index] }));
  writeFileSync(path.join(resultsDir, `bench-${stamp}.json`), JSON.stringify({ ...raw, sideBySide }, null, 2));
  process.exit(0);
}

if (options.memory) {
  const rows: MemoryFigures[] = [];
  try {
    rows.push(await measureMemory({ root, port }));
    const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `rcc_bench_memory_${Date.now()}`;
    const { default: pg } = await import('pg');
    const run = async (text: string) => {
      const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    const reachable = await run(`create database ${name}`).then(
      () => true,
      () => false,
    );
    if (reachable) {
      const url = new URL(admin);
      url.pathname = `/${name}`;
      try {
        rows.push(await measureMemory({ root, port, databaseUrl: url.toString() }));
      } finally {
        await run(`drop database if exists ${name} with (force)`).catch(() => {});
      }
    } else console.log('bench: no Postgres answered: the embedded database only');
  } catch (error) {
    console.log(`bench: memory: ${(error as Error).message}`);
  }
  console.log(`\nbench: memory (machine load ${load()} on ${cpus().length} cores)\n${memoryTable(rows)}`);
  process.exit(0);
}

const clientDir = path.join(root, 'dist/client');
let dataDir: string | undefined;
if (options['owner-projects'] || options['owner-photos'])
  dataDir = mkdtempSync(path.join(tmpdir(), 'rcc-bench-owner-'));
if (options['owner-projects']) {
  console.log('bench: publishing three owner projects with real photos…');
  await publishOwnerProjects(dataDir!);
}
if (options['owner-photos']) {
  console.log('bench: the owner’s 12-megapixel photos in place of the home hero and the Decks picture…');
  await putOwnerPhotos(dataDir!);
}
const server = await startServer({ root, port, env: dataDir ? { DATA_DIR: dataDir } : {} });
if (options['owner-projects']) await waitForOwnerPages(server.url);
if (options['owner-photos']) await waitForOwnerPhotos(server.url);
const serverUrl = server.url;
try {
  console.log(`bench: machine load (1, 5, 15 min) ${load()} on ${cpus().length} cores`);
  if (options['early-click-only']) await reportEarlyClick(server.url);
  else if (options['nav-only']) await reportNavigation(server.url);
  else if (!options['wrk-only']) await measurePages();
} finally {
  await server.stop();
  raw.loadAfter = loadavg();
  const file = path.join(resultsDir, `bench-${stamp}.json`);
  writeFileSync(file, JSON.stringify(raw, null, 2));
  console.log(
    `bench: raw results in ${path.relative(root, file)}, Lighthouse reports in ${path.relative(root, reportDir)}/`,
  );
}

if (!options['no-wrk'] && !options['nav-only'] && !options['early-click-only']) await reportPageLoad();
if (options['pages-only'] || options['nav-only'] || options['wrk-only'] || options['early-click-only']) process.exit(0);

/** Pages a second under wrk, before and after the owner published projects (the issue's bar: 4,000/s, p99 25 ms). */
async function reportPageLoad(): Promise<void> {
  if (!hasWrk()) {
    console.log('\nPages under load: skipped, wrk is not installed (apt-get install wrk)');
    return;
  }
  const figures = await runPageLoad({ root, port: port + 20 });
  raw.pageLoad = figures;
  console.log(
    '\nPages under load (wrk, 2 threads, 32 connections, 10 s, brotli): the build, then with owner projects published',
  );
  console.log('content          route                 req/s    p99      non-2xx');
  for (const f of figures) {
    console.log(
      `${f.content.padEnd(17)}${f.route.padEnd(22)}${f.requestsPerSecond.toFixed(0).padStart(6)}   ${`${f.p99Ms.toFixed(1)} ms`.padEnd(9)}${f.non2xx}`,
    );
  }
}

async function reportNavigation(baseUrl: string): Promise<void> {
  const figures = await measureNavigation(baseUrl);
  raw.navigation = figures;
  console.log(
    '\nClient navigation once the router is in (CPU 4x slower): a click after pointing at the link, to the new heading on screen',
  );
  console.log('links          screen    median   every click                     whole page: median, every click');
  for (const f of figures) {
    console.log(
      `${f.kind.padEnd(15)}${f.viewport.padEnd(10)}${ms(f.medianMs).padEnd(9)}${`${f.samplesMs.join(', ')} ms`.padEnd(32)}${ms(f.wholeMedianMs)}, ${f.wholeMs.join(', ')} ms`,
    );
  }
  console.log('(the first click of each row also renders the header and footer: the router takes the page over)');

  await reportEarlyClick(baseUrl);
}

/** Tap-to-heading of a click before the router runs: held while it starts, against a full load (early-click.ts). */
async function reportEarlyClick(baseUrl: string): Promise<void> {
  const early = await measureEarlyClick(baseUrl);
  raw.earlyClick = early;
  console.log(
    `\nAn early click (CPU 4x slower, a fresh Chromium per click, median of ${early[0]?.samplesMs.length ?? 0} each): /about loaded, before its idle moment (the router not run), a click on the footer's Privacy Policy with no pointer over it first, to its heading on screen; on the loopback, and with a phone's network (150 ms round trip, 1.6 Mbit/s)`,
  );
  console.log('network   way                   median   every click                                without a reload');
  for (const f of early) {
    console.log(
      `${f.network.padEnd(10)}${f.way.padEnd(22)}${ms(f.medianMs).padEnd(9)}${`${f.samplesMs.join(', ')} ms`.padEnd(43)}${f.sameDocument} of ${f.samplesMs.length}`,
    );
  }
}

console.log(
  '\nQuote API under load (POST /api/quote-requests, 10 connections, median of 3 alternating 5 s rounds each, real Postgres, rate limit off)',
);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { app, baseline } = await runApiLoad({ root, adminUrl, port: port + 10 });
for (const r of [app, baseline]) {
  console.log(
    `${r.label.padEnd(42)}${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms   non-2xx ${r.non2xx}   errors ${r.errors}`,
  );
}
console.log(
  `ratio: ${((app.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}% of the baseline's throughput`,
);
await reportPdfDownloads();

/** Lighthouse on every route, taps while loading, client navigation, the first response's size. */
async function measurePages(): Promise<void> {
  const lighthouse = await runLighthouse({ baseUrl: serverUrl, root, clientDir, reportDir, routes, runs, loads });
  raw.lighthouse = lighthouse;
  const { quiet, busy } = lighthouse.figures;
  const byRoute = (list: typeof quiet, route: string) => list.find((r) => r.route === route);

  console.log(
    `\nLighthouse 12 command, mobile preset, a fresh Chromium per run, median of ${runs} round${runs > 1 ? 's' : ''}` +
      (busy.length ? ': quiet | with one CPU core kept busy by a second process' : ''),
  );
  console.log(
    `route                          perf FCP      LCP      TBT      ${busy.length ? '| perf FCP      LCP      TBT      ' : ''}| JS gzip  (files)`,
  );
  for (const route of routes) {
    const q = byRoute(quiet, route);
    const b = byRoute(busy, route);
    const cells = (r: typeof q) =>
      r
        ? `${String(r.performance).padEnd(5)}${ms(r.fcpMs).padEnd(9)}${ms(r.lcpMs).padEnd(9)}${ms(r.tbtMs).padEnd(9)}`
        : '-'.padEnd(32);
    const bytes = q ?? b;
    console.log(
      `${route.padEnd(31)}${cells(q)}${busy.length ? `| ${cells(b)}` : ''}| ${bytes ? `${kb(bytes.jsGzipBytes).padEnd(9)}(${bytes.scripts.length})` : '-'}`,
    );
  }
  console.log(
    "(JS gzip: every script the page fetched without being touched, idle prefetches included, sized as the build's gzip files)",
  );
  console.log(
    '\nLong tasks ending after the first contentful paint, in the median run (simulated ms: source duration (kind @start))',
  );
  for (const route of routes) {
    for (const [label, list] of [
      ['quiet', quiet],
      ['busy', busy],
    ] as const) {
      const r = byRoute(list, route);
      if (r) console.log(`${(label === 'quiet' ? route : '').padEnd(31)}${label.padEnd(6)}${tasks(r.longTasks)}`);
    }
  }
  if (lighthouse.failures.length)
    console.log(`(${lighthouse.failures.length} run(s) failed and were taken again, up to twice each; see the JSON)`);

  if (!options['no-taps']) {
    const taps = await measureTaps(serverUrl, routes, runs);
    raw.taps = taps;
    console.log(
      `\nA tap 300 ms after the first contentful paint (phone 390x844, touch, CPU 4x slower, fresh Chromium), median of ${runs}`,
    );
    console.log(
      'route                          tap on  INP      input delay  tapped at FCP+  hydrated at FCP+  answered',
    );
    for (const t of taps.figures) {
      console.log(
        `${t.route.padEnd(31)}${t.target.padEnd(8)}${ms(t.durationMs).padEnd(9)}${ms(t.inputDelayMs).padEnd(13)}${ms(t.tapAfterFcpMs).padEnd(16)}${ms(t.hydratedAfterFcpMs).padEnd(18)}${t.answered}/${t.runs}`,
      );
    }
    console.log(
      "(INP: the longest of the tap's pointerdown, pointerup and click entries, Event Timing; hydrated: every island on screen, the ones not touched after five idle seconds; answered: the menu or the answer opened)",
    );
  }

  if (!options['no-nav']) await reportNavigation(serverUrl);

  const home = firstResponseBytes(clientDir, '/');
  raw.homeFirstResponse = home;
  console.log(
    `\nfirst response of / (HTML with inlined CSS, brotli): ${kb(home.firstScreen)} through the hero, ${kb(home.whole)} whole`,
  );
  console.log(`bench: machine load (1, 5, 15 min) at the end ${load()}`);
}
