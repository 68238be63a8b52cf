import { createContext, useContext, useId, type ComponentType, type ReactElement } from 'react';
import { emptySiteContent } from '@shared/content/site-content';
import { SiteContentContext, useSiteContent } from '@/lib/site-content';

/**
 * The islands there are, by name, each with the props its component takes. It is filled in by
 * app/islands/registry.ts (declaration merging: the registry's entries are the one list), so this
 * file names no feature and the layers keep their direction. A name not in it, or props its
 * component does not take, are a type error at the <Island> that uses them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the registry
export interface IslandRegistry {}

export type IslandName = keyof IslandRegistry;
export type IslandProps<N extends IslandName> = IslandRegistry[N];
export type IslandComponents = { [N in IslandName]: ComponentType<IslandProps<N>> };

/**
 * What <Island> renders with: every island's component, loaded by the server before it renders
 * (the same code the browser hydrates with: app/islands/load-islands.ts). `collect` (the server,
 * entry-server.tsx) gathers each island's element under its id, to be rendered afterwards as a
 * root of its own, exactly as the browser hydrates it (the same ids from useId); without it (unit
 * tests) the component renders in place.
 */
export const IslandRenderingContext = createContext<{
  components: IslandComponents;
  collect?: Map<string, ReactElement>;
} | null>(null);

/** The placeholder the server replaces with the island's own rendering. */
export const islandPlaceholder = (id: string) => `<!--island ${id}-->`;

/**
 * One interactive part of a page, named by its registry entry. The server renders it inside a
 * marker element (`display: contents`, so it changes no layout) that names the island and carries
 * its props as JSON; the rest of the page is plain HTML that no script takes over. In the browser
 * app/islands/start.ts hydrates the marker's content with the same component and props when it is
 * needed (see docs/performance.md). `props` must survive JSON (app/islands/registry.test.tsx
 * checks every page).
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const id = useId();
  const rendering = useContext(IslandRenderingContext);
  if (!rendering) throw new Error(`<Island name="${name}">: no island components (IslandRenderingContext)`);
  const Component: ComponentType<IslandProps<N>> | undefined = rendering.components[name];
  if (!Component) throw new Error(`<Island name="${name}"> is not a registered island`);
  // The owner's saved business details go with every island (its phone number, in the quote
  // form's notices), only when there are some: without them the markers are the build's.
  const { business } = useSiteContent();
  const marker = {
    className: 'contents',
    'data-island': name,
    'data-island-props': JSON.stringify(props),
    ...(business ? { 'data-island-business': JSON.stringify(business) } : {}),
  };
  if (!rendering.collect) {
    return (
      <div {...marker}>
        <Component {...props} />
      </div>
    );
  }
  rendering.collect.set(
    id,
    business ? (
      <SiteContentContext value={{ ...emptySiteContent, business }}>
        <Component {...props} />
      </SiteContentContext>
    ) : (
      <Component {...props} />
    ),
  );
  return <div {...marker} data-island-id={id} dangerouslySetInnerHTML={{ __html: islandPlaceholder(id) }} />;
}
