import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from './serve';

export interface LoadFigures {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const body = JSON.stringify({
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
    body,
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

/**
 * The quote API under load on loopback against a fresh Postgres database, next to a bare
 * `http` + `pg` baseline measured in the same run, with the same body and concurrency.
 */
export async function runApiLoad(options: {
  root: string;
  adminUrl: string;
  port: number;
  connections?: number;
  seconds?: number;
}): Promise<{ app: LoadFigures; baseline: LoadFigures }> {
  const connections = options.connections ?? 10;
  const seconds = options.seconds ?? 10;
  const dbName = `rcc_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(options.adminUrl);
  dbUrl.pathname = `/${dbName}`;
  try {
    const server = await startServer({
      root: options.root,
      port: options.port,
      env: { DATABASE_URL: dbUrl.toString(), RATE_LIMIT_PER_MINUTE: '0' },
    });
    let app: LoadFigures;
    try {
      await load('warm-up', server.url, connections, 2);
      app = await load('site API (Express, validation, drizzle)', server.url, connections, seconds);
    } finally {
      await server.stop();
    }

    const basePort = options.port + 1;
    const baseline = spawn(process.execPath, ['--import', 'tsx', path.join(options.root, 'scripts/bench/baseline-server.ts')], {
      cwd: options.root,
      env: { ...process.env, DATABASE_URL: dbUrl.toString(), PORT: String(basePort) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => baseline.stdout!.once('data', () => resolve()));
    let base: LoadFigures;
    try {
      await load('warm-up', `http://127.0.0.1:${basePort}`, connections, 2);
      base = await load('baseline (bare http + pg)', `http://127.0.0.1:${basePort}`, connections, seconds);
    } finally {
      baseline.kill('SIGTERM');
    }
    return { app, baseline: base };
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
