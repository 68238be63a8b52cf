import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './serve';
import { withThrowawayDatabase } from './throwaway-database';

export interface LoadFigures {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** The quote request every API bench sends. */
export const benchQuoteBody = JSON.stringify({
  name: 'Benchmark Visitor',
  phone: '928-555-0100',
  email: 'bench@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: 'Not sure yet',
  message: 'Replace the deck boards and the railing on the south side.',
});

async function load(label: string, url: string, connections: number, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${url}/api/quote-requests`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: benchQuoteBody,
    connections,
    duration: seconds,
  });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The median run of several (by requests per second). */
function median(runs: LoadFigures[]): LoadFigures {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The quote API under load on loopback against a fresh Postgres database, next to a bare
 * `http` + `pg` baseline with the same body and concurrency. Both servers run side by side and
 * are measured in alternating rounds (median of `rounds`), so that drift in the machine or in
 * Postgres during the run weighs on both alike.
 */
export async function runApiLoad(options: {
  root: string;
  adminUrl: string;
  port: number;
  connections?: number;
  seconds?: number;
  rounds?: number;
}): Promise<{ app: LoadFigures; baseline: LoadFigures }> {
  const connections = options.connections ?? 10;
  const seconds = options.seconds ?? 5;
  const rounds = options.rounds ?? 3;
  return withThrowawayDatabase(options.adminUrl, 'rcc_bench', async (databaseUrl) => {
    // The site's server first: it creates the table with its migrations.
    const server = await startServer({
      root: options.root,
      port: options.port,
      env: { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: '0' },
    });
    const basePort = options.port + 1;
    const baseline = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(options.root, 'scripts/bench/baseline-server.ts')],
      {
        cwd: options.root,
        env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(basePort) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const baseUrl = `http://127.0.0.1:${basePort}`;
    try {
      await new Promise<void>((resolve) => baseline.stdout!.once('data', () => resolve()));
      await load('warm-up', server.url, connections, 2);
      await load('warm-up', baseUrl, connections, 2);
      const appRuns: LoadFigures[] = [];
      const baseRuns: LoadFigures[] = [];
      for (let round = 0; round < rounds; round++) {
        appRuns.push(await load('site API (Express, validation, drizzle)', server.url, connections, seconds));
        baseRuns.push(await load('baseline (bare http + pg)', baseUrl, connections, seconds));
      }
      return { app: median(appRuns), baseline: median(baseRuns) };
    } finally {
      baseline.kill('SIGTERM');
      await server.stop();
    }
  });
}
