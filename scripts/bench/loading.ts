import autocannon from 'autocannon';
import pg from 'pg';
import { median } from './lighthouse-report';
import { treeKb } from './memory';
import { startServer } from './serve';

/**
 * Lazy loading against eager (issue 43). The server loads on first use what most requests never
 * need (server/services/first-use.ts: pdfkit, opentype.js, Beasties, the AWS SDK, the pages'
 * renderer); `LOAD_EAGERLY=true` loads all of it at start. The same build started both ways on
 * Postgres (a database each), side by side, and measured in alternating rounds so that drift in the
 * machine weighs on both alike: the quote API (POST /api/quote-requests, 10 connections) and the
 * pages (GET /, /services/decks and /gallery, brotli, 32 connections), 5 s each, the median of
 * `rounds`, the order of the two servers swapped every round; and each server's resident memory
 * (process tree) after start and after the rounds.
 */
const quote = JSON.stringify({
  name: 'Benchmark Visitor',
  phone: '928-555-0100',
  email: 'bench@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: 'Not sure yet',
  message: 'Replace the deck boards and the railing on the south side.',
});

type Way = 'lazy' | 'eager';
const pages = ['/', '/services/decks', '/gallery'];

interface Figures {
  startMs: number;
  afterStartMb: number;
  afterRoundsMb: number;
  api: { rps: number[]; p99: number[] };
  pages: Record<string, { rps: number[]; p99: number[] }>;
}

async function run(options: autocannon.Options) {
  const result = await autocannon(options);
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

export async function benchLoading(options: { root: string; port: number; adminUrl: string; rounds?: number }) {
  const rounds = options.rounds ?? 3;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  const names = { lazy: `rcc_bench_lazy_${Date.now()}`, eager: `rcc_bench_eager_${Date.now()}` };
  const servers: Partial<Record<Way, Awaited<ReturnType<typeof startServer>>>> = {};
  const figures = {} as Record<Way, Figures>;
  try {
    for (const [index, way] of (['lazy', 'eager'] as const).entries()) {
      await admin.query(`create database ${names[way]}`);
      const url = new URL(options.adminUrl);
      url.pathname = `/${names[way]}`;
      const started = performance.now();
      servers[way] = await startServer({
        root: options.root,
        port: options.port + index,
        env: {
          DATABASE_URL: url.toString(),
          RATE_LIMIT_PER_MINUTE: '0',
          LOG_LEVEL: 'warn',
          ...(way === 'eager' ? { LOAD_EAGERLY: 'true' } : {}),
        },
      });
      figures[way] = {
        startMs: performance.now() - started,
        afterStartMb: treeKb(servers[way].pid, 'VmRSS') / 1024,
        afterRoundsMb: 0,
        api: { rps: [], p99: [] },
        pages: Object.fromEntries(pages.map((page) => [page, { rps: [], p99: [] }])),
      };
    }
    const measure = async (way: Way, seconds: number) => {
      const url = servers[way]!.url;
      const api = await run({
        url: `${url}/api/quote-requests`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: quote,
        connections: 10,
        duration: seconds,
      });
      const pageRuns = [];
      for (const page of pages) {
        pageRuns.push({
          page,
          ...(await run({
            url: `${url}${page}`,
            headers: { 'accept-encoding': 'br' },
            connections: 32,
            duration: seconds,
          })),
        });
      }
      return { api, pageRuns };
    };
    // A warm-up each: the first requests of a process compile its code.
    for (const way of ['lazy', 'eager'] as const) await measure(way, 2);
    for (let round = 0; round < rounds; round++) {
      const order: Way[] = round % 2 ? ['eager', 'lazy'] : ['lazy', 'eager'];
      for (const way of order) {
        const { api, pageRuns } = await measure(way, 5);
        if (api.failed || pageRuns.some((page) => page.failed)) console.warn(`bench: loading: ${way} answered errors`);
        figures[way].api.rps.push(api.rps);
        figures[way].api.p99.push(api.p99);
        for (const page of pageRuns) {
          figures[way].pages[page.page]!.rps.push(page.rps);
          figures[way].pages[page.page]!.p99.push(page.p99);
        }
        process.stdout.write(`bench: loading round ${round + 1} ${way}  `);
      }
    }
    for (const way of ['lazy', 'eager'] as const)
      figures[way].afterRoundsMb = treeKb(servers[way]!.pid, 'VmRSS') / 1024;
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    for (const name of Object.values(names)) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return figures;
}

/** The two ways in one table, a row per figure. */
export function loadingTable(figures: Record<Way, Figures>, rounds: number): string {
  const rows: [string, (f: Figures) => string][] = [
    ['up after', (f) => `${Math.round(f.startMs)} ms`],
    ['resident after start', (f) => `${Math.round(f.afterStartMb)} MB`],
    ['quote API, requests/s', (f) => String(Math.round(median(f.api.rps)))],
    ['quote API, p99', (f) => `${median(f.api.p99)} ms`],
    ...pages.flatMap((page): [string, (f: Figures) => string][] => [
      [`${page}, requests/s`, (f) => String(Math.round(median(f.pages[page]!.rps)))],
      [`${page}, p99`, (f) => `${median(f.pages[page]!.p99)} ms`],
    ]),
    ['resident after the rounds', (f) => `${Math.round(f.afterRoundsMb)} MB`],
  ];
  return [
    `\nLazy against eager loading (Postgres, side by side, alternating 5 s rounds, median of ${rounds}; every round's figures in the raw results)`,
    '| figure | lazy (as shipped) | eager (LOAD_EAGERLY=true) |',
    '| --- | --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value(figures.lazy)} | ${value(figures.eager)} |`),
  ].join('\n');
}
