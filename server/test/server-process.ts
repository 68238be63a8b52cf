import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, inject, onTestFailed } from 'vitest';
import { freshPostgresDatabase, postgresReachable } from './databases';
import { giveOwnerPasswordOnPostgres } from './owner-session';
import { tempDir } from './http';
import { startSmtpServer } from './smtp';
import { freePort } from './free-port';
import { testNodeFlags } from './node-flags';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** SIGKILL: the process dies at once, as in a crash or an out-of-memory kill. */
  kill(): Promise<void>;
}

/**
 * Starts the real server (the run's bundle of it, server-bundle-setup.ts; from the sources with tsx
 * when NODE_ENV is development, as `npm run dev` runs it; API only with NODE_ENV=test) on a free
 * loopback port with `env` as its whole configuration (nothing of this process's environment
 * but PATH and HOME), and waits until /api/health answers, whatever its status. `nodeArgs` go to
 * node before the server's file; `bundle`: another copy of the bundle (in a project folder of the test's own).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { readyTimeoutMs?: number; umask?: number; nodeArgs?: string[]; bundle?: string } = {},
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const command =
    env.NODE_ENV === 'development'
      ? [process.execPath, ...testNodeFlags, ...(options.nodeArgs ?? []), '--import', 'tsx', 'server/index.ts']
      : [process.execPath, ...testNodeFlags, ...(options.nodeArgs ?? []), options.bundle ?? inject('serverBundle')];
  // Started under another umask: through a shell that sets it and becomes the server (exec).
  const [file, ...args] =
    options.umask === undefined
      ? command
      : ['/bin/sh', '-c', `umask ${options.umask.toString(8).padStart(3, '0')} && exec "$0" "$@"`, ...command];
  const child = spawn(file!, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (!hasExited) child.kill(signal);
    return exited;
  };
  const proc: ServerProcess = {
    base,
    port,
    child,
    output: () => output,
    exited,
    stop,
    kill: async () => {
      await stop('SIGKILL');
    },
  };

  // A wait, not a bound: on a busy two-core machine a first start (migrations, the template copy) takes long.
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (hasExited) throw new Error(`The server exited with code ${await exited} before it was ready:\n${output}`);
    try {
      await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
      return proc;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await proc.kill();
      throw new Error(`The server did not answer /api/health in time:\n${output}`);
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
}

/** A describe block whose tests start server processes on Postgres: skipped without a Postgres server or with FAULT_TESTS=skip. */
export const describeWithProcesses = describe.skipIf(process.env.FAULT_TESTS === 'skip' || !postgresReachable);

/**
 * What each test of the calling file pushes here is undone after it, last first, also when it
 * failed. Call it at the top of the file (a hook registered on import would hold for one file only:
 * the server's test files share their modules, `isolate: false` in vite.config.ts).
 */
export function cleanupsAfterEach(): (() => Promise<unknown>)[] {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  });
  return cleanups;
}

/**
 * Two server processes sharing one database (`env`, its DATABASE_URL), started one after the
 * other (started at once they race the migrations, a test of its own elsewhere), each killed by
 * `cleanups` and its output printed if the test fails. `ownDataDir` gives each a DATA_DIR of its
 * own, named after it; `sharedDataDir` one for both; otherwise they share `env`'s.
 */
export async function startTwoServers(
  env: Record<string, string>,
  cleanups: (() => Promise<unknown>)[],
  options: { readyTimeoutMs?: number; ownDataDir?: string; sharedDataDir?: string } = {},
): Promise<[ServerProcess, ServerProcess]> {
  const servers: ServerProcess[] = [];
  onTestFailed(() => {
    for (const server of servers) console.error(`Output of ${server.base}:\n${server.output().slice(-4000)}`);
  });
  if (options.sharedDataDir) {
    const data = await tempDir(options.sharedDataDir);
    cleanups.push(data.remove);
    env = { ...env, DATA_DIR: data.dir };
  }
  for (let i = 0; i < 2; i++) {
    let dataDir: Record<string, string> = {};
    if (options.ownDataDir) {
      const data = await tempDir(options.ownDataDir);
      cleanups.push(data.remove);
      dataDir = { DATA_DIR: data.dir };
    }
    const server = await startServerProcess({ ...env, ...dataDir }, { readyTimeoutMs: options.readyTimeoutMs });
    servers.push(server);
    cleanups.push(() => server.kill());
  }
  return servers as [ServerProcess, ServerProcess];
}

/**
 * A fresh Postgres database and a real SMTP server for server processes, with the settings that
 * point them there (the owner's address, the sender, no rate limit); both closed by `cleanups`.
 */
export async function postgresWithMail(
  label: string,
  cleanups: (() => Promise<unknown>)[],
  { ownerPassword = true }: { ownerPassword?: boolean } = {},
) {
  const database = await freshPostgresDatabase(label);
  cleanups.push(database.drop);
  // A site that is set up: without a password each start e-mails the owner a set-up link.
  if (ownerPassword) await giveOwnerPasswordOnPostgres(database.url);
  const smtp = await startSmtpServer();
  cleanups.push(smtp.close);
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    OWNER_EMAIL: 'owner@example.com',
    MAIL_FROM: 'Site <site@example.com>',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  return { database, smtp, env };
}
