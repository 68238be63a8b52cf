import type { ReactNode } from 'react';
import { loadIslands } from '@/app/islands/load-islands';
import { islands, isIslandName, loadIsland } from '@/app/islands/registry';
import { IslandRenderingContext } from '@/components/island';

/**
 * Every island's code, one island after the other. Vitest 4's VM pool (the client files' pool)
 * links the module graphs of two imports at once even when they share modules, and then fails now
 * and then with "request for 'react' is not in cache" (vitest-dev/vitest#11096); loadIslands
 * imports every island at once. Loaded in turn first, its imports find every module evaluated.
 * A file that renders pages with their islands (render() of entry-server.tsx, islandsWrapper)
 * calls it first.
 */
export async function loadIslandsInTurn(): Promise<void> {
  for (const name of Object.keys(islands).filter(isIslandName)) await loadIsland(name);
}

/**
 * A wrapper for Testing Library's render(): the page's islands render their components in place
 * (on the server they become roots of their own, entry-server.tsx).
 */
export async function islandsWrapper() {
  await loadIslandsInTurn();
  const components = await loadIslands();
  return function Islands({ children }: { children: ReactNode }) {
    return <IslandRenderingContext value={{ components }}>{children}</IslandRenderingContext>;
  };
}
