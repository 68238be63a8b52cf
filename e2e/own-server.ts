import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';

/**
 * A production server of the test's own (`node dist/server/index.js`), for journeys that need
 * to configure it (mail, database) or stop it and look at what it stored.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess }> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
  return { base, child };
}

/** SIGTERM, and wait for the process to finish (it drains requests and mail first). */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * Sets the owner's password with `npm run owner:password`, the password piped in twice as a
 * setup script would. Run it before the server opens the embedded database: both cannot hold
 * it at once. Resolves with what the script printed.
 */
export function setOwnerPassword(password: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/owner-password.ts'], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`owner:password exited ${code}: ${output}`)),
    );
    child.stdin.end(`${password}\n${password}\n`);
  });
}
