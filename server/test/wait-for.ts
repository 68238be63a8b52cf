import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What `check` returns once it returns something (polled every 100 ms), for tests that wait on
 * another process (a server, a mail server, a database): throws after `withinMs` without it.
 */
export async function waitFor<T>(
  what: string,
  withinMs: number,
  check: () => Promise<T | undefined> | T | undefined,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const result = await check();
    if (result !== undefined) return result;
    if (Date.now() - started > withinMs) throw new Error(`Timed out after ${withinMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** How long `check` took to stop throwing (tried every 50 ms): how long a change takes to show; rethrows after `withinMs`. */
export async function timeUntil(withinMs: number, check: () => Promise<void>): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > withinMs) throw error;
      await sleep(50);
    }
  }
}
