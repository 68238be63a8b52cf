import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The environment and Node flags `npm start` runs the server with (package.json's start script:
 * malloc's arenas, the V8 heap's bounds; docs/operations.md), so the bench measures what runs.
 */
export function startScript(root: string): { env: Record<string, string>; nodeFlags: string[] } {
  const script = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const words = script.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split('=') as [string, string]));
  return { env, nodeFlags: words.slice(node + 1).filter((word) => word.startsWith('--')) };
}

/** Starts the production server (dist/server) as `npm start` does, on a port, and waits until it answers. */
export async function startServer(options: {
  root: string;
  port: number;
  env?: Record<string, string>;
  /** Node flags after npm start's own (V8 takes the last of a flag given twice). */
  nodeFlags?: string[];
}): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const start = startScript(options.root);
  const child: ChildProcess = spawn(
    process.execPath,
    [...start.nodeFlags, ...(options.nodeFlags ?? []), path.join(options.root, 'dist/server/index.js')],
    {
      cwd: options.root,
      env: {
        ...process.env,
        ...start.env,
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        LOG_REQUESTS: 'false',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rcc-bench-')),
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
