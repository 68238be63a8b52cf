import { spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The official images the image and compose.yaml name: exactly these. */
export const baseImages = ['node:20-bookworm-slim', 'caddy:2', 'postgres:16'] as const;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (`input` on its standard input), its output kept. */
export function run(
  command: string,
  args: readonly string[],
  options: { input?: string; timeoutMs?: number } = {},
): Run {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    input: options.input ?? '',
    timeout: options.timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** Runs a command with its output on this terminal; throws unless it succeeds. */
export function runShown(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

const works = (command: string, args: readonly string[]) => run(command, args, { timeoutMs: 30_000 }).code === 0;

function aptInstall(packages: string[]): void {
  console.log(`container: installing Debian's ${packages.join(', ')}`);
  runShown('apt-get', ['update', '-qq']);
  runShown('apt-get', ['install', '-y', '-qq', ...packages], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
}

/**
 * A container engine and a Compose: Debian's docker.io when `docker` is missing, dockerd started
 * here when none answers (its log in the system's temporary folder; `stop` ends it), the compose
 * plugin when there is one, else docker-compose (Debian's, 1.29, installed when missing).
 */
export async function ensureEngine(): Promise<{ compose: string[]; stop: () => void }> {
  if (!works('docker', ['--version']) || !works('dockerd', ['--version'])) aptInstall(['docker.io']);
  let stop = () => {};
  if (!works('docker', ['info'])) {
    const log = path.join(os.tmpdir(), 'test-container-dockerd.log');
    console.log(`container: starting dockerd (its log: ${log})`);
    const daemon = spawn('dockerd', [], { detached: true, stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')] });
    daemon.unref();
    stop = () => {
      if (daemon.pid) process.kill(daemon.pid, 'SIGTERM');
    };
    for (let i = 0; !works('docker', ['info']); i++) {
      if (i > 120) throw new Error(`dockerd did not answer within a minute: see ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  if (works('docker', ['compose', 'version'])) return { compose: ['docker', 'compose'], stop };
  if (!works('docker-compose', ['version'])) aptInstall(['docker-compose']);
  return { compose: ['docker-compose'], stop };
}

/**
 * The three base images: kept when present, pulled when a registry serves them, else stand-ins
 * built from Debian's packages by ../shared/tools/offline-images.sh (beside the project), when it is there.
 */
export function ensureImages(root: string): void {
  const missing = baseImages.filter(
    (image) =>
      !works('docker', ['image', 'inspect', image]) &&
      run('docker', ['pull', image], { timeoutMs: 120_000 }).code !== 0,
  );
  if (missing.length === 0) return;
  const standIns = path.join(root, '..', 'shared', 'tools', 'offline-images.sh');
  if (!existsSync(standIns))
    throw new Error(`${missing.join(', ')} cannot be pulled, and there is no ${standIns} to build stand-ins`);
  console.log(`container: no registry serves ${missing.join(', ')}: building stand-ins (${standIns})`);
  runShown('bash', [standIns, ...missing]);
}
