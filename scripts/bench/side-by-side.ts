import autocannon from 'autocannon';
import pg from 'pg';
import { benchQuoteBody } from './api-load';
import { median } from './lighthouse-report';
import { treeKb } from './memory';
import { startServer } from './serve';

/**
 * Two ways of running the same build, side by side on Postgres (a database each), measured in
 * alternating rounds so that drift in the machine weighs on both alike: the quote API (POST
 * /api/quote-requests, 10 connections) and the pages (GET /, /services/decks and /gallery, brotli,
 * 32 connections), 5 s each, the median of `rounds`, the order of the two swapped every round;
 * and each server's resident memory (process tree) after start and after the rounds.
 *
 * - `--loading`: lazy loading as shipped against `LOAD_EAGERLY=true` (server/services/first-use.ts:
 *   pdfkit, opentype.js, Beasties, the AWS SDK, the renderers loaded at start), issue 43's check
 *   that loading on first use makes no answer slower.
 * - `--start-settings "MALLOC_MMAP_THRESHOLD_=131072 --max-semi-space-size=4"`: npm start's settings
 *   against the same with the given environment variables and Node flags on top, to weigh a
 *   memory setting against the speed of the answers.
 */
export interface Way {
  name: string;
  env?: Record<string, string>;
  nodeFlags?: string[];
}

interface Figures {
  startMs: number;
  afterStartMb: number;
  afterRoundsMb: number;
  api: { rps: number[]; p99: number[] };
  pages: Record<string, { rps: number[]; p99: number[] }>;
}

const pages = ['/', '/services/decks', '/gallery'];

export const loadingWays: [Way, Way] = [
  { name: 'lazy (as shipped)' },
  { name: 'eager (LOAD_EAGERLY=true)', env: { LOAD_EAGERLY: 'true' } },
];

/** "NAME=value --flag" as npm start's settings plus those. */
export function startSettingsWays(settings: string): [Way, Way] {
  const words = settings.split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(words.filter((word) => !word.startsWith('--')).map((word) => word.split('=')));
  const nodeFlags = words.filter((word) => word.startsWith('--'));
  return [{ name: 'npm start as shipped' }, { name: `with ${settings}`, env, nodeFlags }];
}

async function run(options: autocannon.Options) {
  const result = await autocannon(options);
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

export async function benchSideBySide(options: {
  root: string;
  port: number;
  adminUrl: string;
  ways: [Way, Way];
  rounds?: number;
}): Promise<Figures[]> {
  const rounds = options.rounds ?? 3;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  const names = options.ways.map((_, index) => `rcc_bench_side_${index}_${Date.now()}`);
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const figures: Figures[] = [];
  try {
    for (const [index, way] of options.ways.entries()) {
      await admin.query(`create database ${names[index]}`);
      const url = new URL(options.adminUrl);
      url.pathname = `/${names[index]}`;
      const started = performance.now();
      const server = await startServer({
        root: options.root,
        port: options.port + index,
        env: { DATABASE_URL: url.toString(), RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', ...way.env },
        nodeFlags: way.nodeFlags,
      });
      servers.push(server);
      figures.push({
        startMs: performance.now() - started,
        afterStartMb: treeKb(server.pid, 'VmRSS') / 1024,
        afterRoundsMb: 0,
        api: { rps: [], p99: [] },
        pages: Object.fromEntries(pages.map((page) => [page, { rps: [], p99: [] }])),
      });
    }
    const measure = async (index: number, seconds: number) => {
      const url = servers[index]!.url;
      const api = await run({
        url: `${url}/api/quote-requests`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: benchQuoteBody,
        connections: 10,
        duration: seconds,
      });
      const pageRuns = [];
      for (const page of pages) {
        const options = { url: `${url}${page}`, headers: { 'accept-encoding': 'br' }, connections: 32 };
        pageRuns.push({ page, ...(await run({ ...options, duration: seconds })) });
      }
      return { api, pageRuns };
    };
    // A warm-up each: the first requests of a process compile its code.
    for (const index of [0, 1]) await measure(index, 2);
    for (let round = 0; round < rounds; round++) {
      for (const index of round % 2 ? [1, 0] : [0, 1]) {
        const { api, pageRuns } = await measure(index, 5);
        const way = figures[index]!;
        if (api.failed || pageRuns.some((page) => page.failed)) {
          console.warn(`bench: ${options.ways[index]!.name} answered errors`);
        }
        way.api.rps.push(api.rps);
        way.api.p99.push(api.p99);
        for (const page of pageRuns) {
          way.pages[page.page]!.rps.push(page.rps);
          way.pages[page.page]!.p99.push(page.p99);
        }
        process.stdout.write(`bench: side by side, round ${round + 1}: ${options.ways[index]!.name}  `);
      }
    }
    for (const [index, server] of servers.entries()) figures[index]!.afterRoundsMb = treeKb(server.pid, 'VmRSS') / 1024;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return figures;
}

/** The two ways in one table, a row per figure. */
export function sideBySideTable(ways: [Way, Way], figures: Figures[], rounds: number): string {
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
    `\nSide by side on Postgres (alternating 5 s rounds, median of ${rounds}; every round's figures in the raw results)`,
    `| figure | ${ways[0].name} | ${ways[1].name} |`,
    '| --- | --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value(figures[0]!)} | ${value(figures[1]!)} |`),
  ].join('\n');
}
