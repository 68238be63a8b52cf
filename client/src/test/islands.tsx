import type { ReactNode } from 'react';
import { loadIslands } from '@/app/islands/load-islands';
import { IslandRenderingContext } from '@/components/island';

/**
 * A wrapper for Testing Library's render(): the page's islands render their components in place
 * (on the server they become roots of their own, entry-server.tsx).
 */
export async function islandsWrapper() {
  const components = await loadIslands();
  return function Islands({ children }: { children: ReactNode }) {
    return <IslandRenderingContext value={{ components }}>{children}</IslandRenderingContext>;
  };
}
