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

/**
 * Waits until `check` stops throwing (tried every 50 ms), for a change another process makes;
 * rethrows its last error after `withinMs`. A wait, not a measure: tests assert what showed.
 */
export async function eventually(withinMs: number, check: () => Promise<void>): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > withinMs) throw error;
      await sleep(50);
    }
  }
}
