// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notFoundPath, prerenderPaths } from '@shared/routes';
import { App } from '@/app/app';
import { render } from '@/entry-server';
import { Island, IslandRenderingContext } from '@/components/island';
import { loadIslandsInTurn } from '@/test/islands';
import { loadIslands } from './load-islands';
import { islandPropsIn, islands, isIslandName, loadIsland } from './registry';

beforeAll(loadIslandsInTurn);

afterEach(() => {
  document.body.innerHTML = '';
});

/** `html` as the browser's parser writes it back, so that two renderings compare as DOM, not as text. */
function parsed(html: string): string {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container.innerHTML;
}

describe('the island registry', () => {
  // Renders all 40-odd prerendered pages: seconds alone, far longer beside the browser journeys.
  it('every island on every prerendered page is registered, and its props, read back from the page, render what the page shows', async () => {
    const used = new Set<string>();
    for (const path of [...prerenderPaths, notFoundPath]) {
      document.body.innerHTML = (await render(path)).html;
      const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
      expect(markers.length, path).toBeGreaterThan(0);
      for (const marker of markers) {
        const name = marker.dataset.island;
        if (!isIslandName(name)) throw new Error(`${path}: <Island name="${name}"> is not in the registry`);
        used.add(name);
        // What the browser does: the registry's component, with the props parsed from the page.
        const Component = await loadIsland(name);
        const props = islandPropsIn(marker, name);
        const html = renderToString(<Component {...props} />, { identifierPrefix: marker.dataset.islandId });
        expect(parsed(html), `${path}: ${name}`).toBe(marker.innerHTML);
      }
    }
    // An entry no page uses is code nobody loads.
    expect([...used].sort()).toEqual(Object.keys(islands).sort());
  }, 120_000);

  it("every island's props on every prerendered page survive JSON (no functions, dates or class instances)", async () => {
    const components = await loadIslands();
    for (const path of [...prerenderPaths, notFoundPath]) {
      const collect = new Map<string, ReactElement>();
      renderToString(
        <IslandRenderingContext value={{ components, collect }}>
          <App ssrPath={path} />
        </IslandRenderingContext>,
      );
      expect(collect.size, path).toBeGreaterThan(0);
      for (const [id, island] of collect) {
        const props = island.props as object;
        expect(JSON.parse(JSON.stringify(props)), `${path}: island ${id}`).toEqual(props);
      }
    }
  });

  it('an unregistered name fails the render (and `npm run typecheck` at the page)', async () => {
    const components = await loadIslands();
    const page = (island: ReactElement) =>
      renderToString(<IslandRenderingContext value={{ components }}>{island}</IslandRenderingContext>);
    expect(page(<Island name="faq" props={{ faqs: [{ question: 'Q?', answer: 'A.' }] }} />)).toContain('Q?');
    // @ts-expect-error not a registered island
    expect(() => page(<Island name="carousel" props={{}} />)).toThrow(/carousel/);
  });

  it('wrong props are a type error at the page (an unused @ts-expect-error fails `npm run typecheck`)', () => {
    const wrong = [
      // @ts-expect-error the FAQ island takes `faqs`, not `items`
      <Island key="faq" name="faq" props={{ items: [] }} />,
      // @ts-expect-error the share button has no variant 'loud'
      <Island key="share" name="share" props={{ title: 'Decks', text: 'Decks', variant: 'loud' }} />,
      // @ts-expect-error the menus take the current path
      <Island key="nav" name="desktop-nav" props={{}} />,
    ];
    expect(wrong).toHaveLength(3);
  });
});
