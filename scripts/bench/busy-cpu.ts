import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A second process that keeps one CPU core busy (a tight loop) while Lighthouse runs: what a
 * cheap phone's browser meets when anything else is running. Stop it with the returned function.
 */
export function startBusyCpu(): () => Promise<void> {
  const child: ChildProcess = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
}
