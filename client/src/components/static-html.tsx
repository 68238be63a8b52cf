import { createElement, useState, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { followPlainLink } from '@/components/ui/site-link';
import { hydrated } from '@/lib/after-page-load';

/** True until React has hydrated the prerendered page: the only time there is server HTML to keep. */
let pageIsHydrating = typeof window !== 'undefined';
void hydrated.then(() => {
  pageIsHydrating = false;
});

/** The prerendered inside of the element marked `data-static={id}`, while the page is hydrating. */
function prerenderedHtml(id: string): string | null {
  if (!pageIsHydrating) return null;
  for (const element of document.querySelectorAll<HTMLElement>('[data-static]')) {
    if (element.dataset.static === id) return element.innerHTML;
  }
  return null;
}

type StaticHtmlProps = HTMLAttributes<HTMLElement> & {
  /** Names this part of the page; unique on the page, and different for different content. */
  id: string;
  /** The element that wraps the content (default `div`). */
  as?: 'div' | 'section' | 'aside' | 'nav' | 'footer';
  children: ReactNode;
};

/**
 * A part of a page that is only text, pictures and links. Its prerendered HTML is kept as it is
 * when the page hydrates: React neither runs its components nor re-creates its elements, which
 * keeps hydration short on a slow phone. Rendered normally on the server and after a client-side
 * navigation. Links inside it still navigate client-side (see followPlainLink).
 */
export function StaticHtml(props: StaticHtmlProps) {
  // A new id is new content: never the HTML kept for another.
  return <KeptHtml key={props.id} {...props} />;
}

function KeptHtml({ id, as = 'div', children, ...attributes }: StaticHtmlProps) {
  const [kept] = useState(() => prerenderedHtml(id));
  const [location, navigate] = useLocation();
  const props = {
    ...attributes,
    'data-static': id,
    onClick: kept === null ? undefined : (event: MouseEvent) => followPlainLink(event, location, navigate),
  };
  if (kept !== null) return createElement(as, { ...props, dangerouslySetInnerHTML: { __html: kept } });
  return createElement(as, props, children);
}
