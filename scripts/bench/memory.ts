import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startScript } from './serve';
import { askForResetLink, ownerPublishEnv, publishAsOwner, startSmtpServer } from './owner-publish';
import { loadRoutes } from './page-load';

/**
 * `npm run bench -- --memory`: the built server's memory on a small machine. Starts
 * dist/server/index.js on an empty data folder (embedded PGlite, then Postgres when one answers
 * at BENCH_DATABASE_URL or the local 127.0.0.1:5432), and reports for the whole process tree
 * (worker threads are in the process; child processes are added): how long until /api/health
 * answers, resident memory then, the peak (VmHWM) through the start and the load, and resident
 * memory after it. The load: 15 s of page loads with 32 connections, then 150 quote requests, then
 * the owner publishing a project with two 12-megapixel photos through the API (owner-publish.ts).
 * Figures only: it exits 0 whatever it measures.
 */
export interface MemoryFigures {
  database: 'embedded' | 'postgres';
  upMs: number;
  afterStartMb: number;
  /** Through the start, the page loads and the quote requests. */
  peakBeforePublishMb: number;
  peakMb: number;
  afterLoadMb: number;
}

const mb = (kb: number) => Math.round(kb / 1024);

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree: number[] = [];
  const visit = (at: number) => {
    tree.push(at);
    for (const child of children.get(at) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

export const treeKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  processTree(pid).reduce((sum, at) => sum + statusKb(at, field), 0);

const quote = {
  name: 'Bench Visitor',
  phone: '(928) 555-0142',
  email: 'bench@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: 'A deck of about 12 by 16 feet.',
};

export async function measureMemory(options: {
  root: string;
  port: number;
  databaseUrl?: string;
}): Promise<MemoryFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rcc-bench-memory-'));
  const start = startScript(options.root);
  const smtp = await startSmtpServer();
  const started = performance.now();
  const child = spawn(process.execPath, [...start.nodeFlags, path.join(options.root, 'dist/server/index.js')], {
    cwd: options.root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      ...start.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      RATE_LIMIT_PER_MINUTE: '0',
      DATA_DIR: dataDir,
      ...ownerPublishEnv(smtp),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid!;
  let peakKb = 0;
  const sample = setInterval(() => (peakKb = Math.max(peakKb, treeKb(pid, 'VmHWM'))), 100);
  const url = `http://127.0.0.1:${options.port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
      const answered = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const upMs = performance.now() - started;
    const afterStartKb = treeKb(pid, 'VmRSS');
    await askForResetLink(url);

    await autocannon({
      url,
      connections: 32,
      duration: 15,
      requests: loadRoutes.map((route) => ({ method: 'GET' as const, path: route })),
      headers: { 'accept-encoding': 'br, gzip' },
    });
    for (let i = 0; i < 150; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${url}/api/quote-requests`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
            body: JSON.stringify(quote),
          }).then((response) => response.text()),
        ),
      );
    const peakBeforePublishKb = Math.max(peakKb, treeKb(pid, 'VmHWM'));
    await publishAsOwner(url, smtp);
    const afterLoadKb = treeKb(pid, 'VmRSS');
    peakKb = Math.max(peakKb, treeKb(pid, 'VmHWM'));
    return {
      database: options.databaseUrl ? 'postgres' : 'embedded',
      upMs,
      afterStartMb: mb(afterStartKb),
      peakBeforePublishMb: mb(peakBeforePublishKb),
      peakMb: mb(peakKb),
      afterLoadMb: mb(afterLoadKb),
    };
  } finally {
    clearInterval(sample);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await smtp.close();
  }
}

export function memoryTable(rows: MemoryFigures[]): string {
  return [
    '| database | up after | resident after start | peak before the publish | peak (VmHWM, process tree) | resident after the load |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.database} (empty data folder) | ${(row.upMs / 1000).toFixed(1)} s | ${row.afterStartMb} MB | ${row.peakBeforePublishMb} MB | ${row.peakMb} MB | ${row.afterLoadMb} MB |`,
    ),
  ].join('\n');
}
