import { createContext, useContext, useId, type ComponentType, type ReactElement } from 'react';

/**
 * The interactive parts of the public pages, each hydrated on its own in the browser
 * (app/islands/registry.ts maps each name to its code).
 */
export type IslandName = 'desktop-nav' | 'mobile-menu' | 'share' | 'faq' | 'gallery' | 'quote-form';

/**
 * On the server (entry-server.tsx): collects each island's element under its id, to be rendered
 * afterwards as a root of its own, exactly as the browser hydrates it (the same ids from useId).
 */
export const IslandCollectorContext = createContext<Map<string, ReactElement> | null>(null);

/** The placeholder the server replaces with the island's own rendering. */
export const islandPlaceholder = (id: string) => `<!--island ${id}-->`;

/**
 * One interactive part of a page. The server renders it inside a marker element
 * (`display: contents`, so it changes no layout) that names the island and carries its props as
 * JSON; the rest of the page is plain HTML that no script takes over. In the browser
 * app/islands/start.ts hydrates the marker's content with the same component and props when it is
 * needed (see docs/performance.md). `props` must survive JSON.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const id = useId();
  const collector = useContext(IslandCollectorContext);
  const marker = { className: 'contents', 'data-island': name, 'data-island-props': JSON.stringify(props) };
  // Without a collector (unit tests) the component renders in place.
  if (!collector) {
    return (
      <div {...marker}>
        <Component {...props} />
      </div>
    );
  }
  collector.set(id, <Component {...props} />);
  return <div {...marker} data-island-id={id} dangerouslySetInnerHTML={{ __html: islandPlaceholder(id) }} />;
}
