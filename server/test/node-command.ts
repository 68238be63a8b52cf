import { spawn } from 'node:child_process';
import { testNodeFlags } from './node-flags';

/**
 * Runs `node <args>` to its end, as the owner runs a command (the tests' V8 flags first), with
 * `env` as its whole environment and `input` on its standard input: its exit code and its output
 * (standard output and error together).
 */
export function runNode(
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; input?: string },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...testNodeFlags, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(options.input ?? '');
  });
}
