import { describe, expect, test } from 'vitest';
import { loadEverythingNow, onFirstUse } from './first-use';

describe('what the server loads on first use', () => {
  test('is loaded only when first used, once, and shared by every later use', async () => {
    let loads = 0;
    const load = onFirstUse('a library', async () => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toEqual({ loaded: 1 });
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  test('LOAD_EAGERLY loads everything registered at once, and a later use does not load it again', async () => {
    let loads = 0;
    const load = onFirstUse('the renderer', async () => ++loads);
    const loaded = await loadEverythingNow();
    expect(loaded).toContain('the renderer');
    expect(loads).toBe(1);
    expect(await load()).toBe(1);
    expect(loads).toBe(1);
  });

  test('a failed load is tried again by the next use', async () => {
    let tries = 0;
    const load = onFirstUse('a flaky library', async () => {
      tries++;
      if (tries === 1) throw new Error('not there yet');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('not there yet');
    await expect(load()).resolves.toBe('loaded');
    expect(tries).toBe(2);
  });
});
