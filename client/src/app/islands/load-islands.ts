import type { IslandComponents } from '@/components/island';
import { islands, isIslandName, loadIsland } from './registry';

let loaded: Promise<IslandComponents> | undefined;

/**
 * Every island's component, for rendering pages on the server (entry-server.tsx) and in tests:
 * through the registry's own loaders, so a page is rendered with exactly the code the browser
 * hydrates it with. A failure (offline, a deploy replaced the chunks) is not kept: the next call
 * tries again.
 */
export function loadIslands(): Promise<IslandComponents> {
  loaded ??= (async () => {
    const names = Object.keys(islands).filter(isIslandName);
    const components = await Promise.all(names.map(async (name) => [name, await loadIsland(name)] as const));
    return Object.fromEntries(components) as IslandComponents;
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
