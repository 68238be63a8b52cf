import { createElement, type HTMLAttributes, type ReactNode } from 'react';

type StaticHtmlProps = HTMLAttributes<HTMLElement> & {
  /** Names this part of the page. */
  id: string;
  /** The element that wraps the content (default `div`). */
  as?: 'div' | 'section' | 'aside' | 'nav' | 'footer';
  children: ReactNode;
};

/**
 * A part of a page that is only text, pictures and links, marked `data-static`. Like everything
 * outside the islands (components/island.tsx), it is HTML that no script takes over.
 */
export function StaticHtml({ id, as = 'div', children, ...attributes }: StaticHtmlProps) {
  return createElement(as, { ...attributes, 'data-static': id }, children);
}
