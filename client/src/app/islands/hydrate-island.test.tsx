// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from '@/entry-server';
import { loadIslandsInTurn } from '@/test/islands';
import { hydrateIsland } from './hydrate-island';
import { islandPropsIn, isIslandName, loadIsland } from './registry';

beforeAll(loadIslandsInTurn);

beforeAll(() => {
  // Hydration here runs outside act(), as in the browser.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The island's elements by tag, with the ids they have and refer to. */
function references(island: HTMLElement): string[] {
  return [...island.querySelectorAll('*')].map((element) =>
    [
      element.tagName,
      ...['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls'].map(
        (name) => element.getAttribute(name) ?? '',
      ),
    ].join(' '),
  );
}

describe('islands', () => {
  it.each([
    ['/services/kitchen-remodeling', ['desktop-nav', 'mobile-menu', 'share', 'faq']],
    ['/pine-bundles', ['desktop-nav', 'mobile-menu', 'share', 'faq']],
    ['/gallery', ['desktop-nav', 'mobile-menu', 'gallery']],
    ['/contact', ['desktop-nav', 'mobile-menu', 'quote-form']],
    ['/about', ['desktop-nav', 'mobile-menu']],
  ])('%s: the server renders each island exactly as the browser hydrates it', async (url, expected) => {
    const page = await render(url);
    document.body.innerHTML = `<div id="root">${page.html}</div>`;
    const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
    expect(islands.map((island) => island.dataset.island)).toEqual(expected);
    const problems = vi.spyOn(console, 'error');
    for (const island of islands) {
      const name = island.dataset.island;
      if (!isIslandName(name)) throw new Error(`unknown island ${name}`);
      const before = references(island);
      expect(before.length).toBeGreaterThan(0);
      let started = false;
      await hydrateIsland(island, await loadIsland(name), islandPropsIn(island, name), () => (started = true));
      expect(started).toBe(true);
      // Hydration adopted the server's elements, with the same ids as React makes in the browser.
      expect(references(island)).toEqual(before);
    }
    expect(problems).not.toHaveBeenCalled();
  });
});
