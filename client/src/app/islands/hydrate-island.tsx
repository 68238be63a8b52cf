import { startTransition, StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { emptySiteContent } from '@shared/content/site-content';
import { nextTask } from '@/lib/next-task';
import { SiteContentContext } from '@/lib/site-content';

/** The owner's saved business details the server rendered the island with (components/island.tsx), if any. */
function withBusiness(container: HTMLElement, node: ReactNode): ReactNode {
  const saved = container.dataset.islandBusiness;
  if (!saved) return node;
  return <SiteContentContext value={{ ...emptySiteContent, business: JSON.parse(saved) }}>{node}</SiteContentContext>;
}

/** Calls `onHydrated` once React has hydrated (committed) what is inside it. */
function HydrationMark({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates one island's prerendered HTML with its component and props. The component's code was
 * run in a task of its own; the hydration is a transition, so React works through it in slices of
 * a few milliseconds and lets the browser handle input in between (a tap on a part not yet
 * hydrated hydrates that part first). `onStart` is called as React takes the island over.
 * Resolves with the island's root once it is done.
 */
export async function hydrateIsland<P extends object>(
  container: HTMLElement,
  Component: ComponentType<P>,
  props: P,
  onStart: () => void,
) {
  await nextTask();
  onStart();
  let root: Root | undefined;
  await new Promise<void>((resolve) => {
    startTransition(() => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <HydrationMark onHydrated={resolve}>{withBusiness(container, <Component {...props} />)}</HydrationMark>
        </StrictMode>,
        // The server rendered the island as a root of its own with this prefix (entry-server.tsx).
        { identifierPrefix: container.dataset.islandId },
      );
    });
  });
  // Let React finish the commit before anything is replayed.
  await nextTask();
  return root!;
}
