import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { SiteContent } from '@shared/content/site-content';
import type { PlainFormState } from '@shared/schemas/quote-form-post';
import { isKnownPath } from '@shared/routes';
import { App } from './app/app';
import { loadIslands } from './app/islands/load-islands';
import { IslandRenderingContext, islandPlaceholder } from '@/components/island';
import { PlainFormStateContext } from '@/features/quote-form';
import './styles.css';

const leadingHeadTags = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

interface ServerRender {
  html: string;
  head: string;
  status: number;
}

/** The SITE_URL the pages were built with: the server writes the sitemap of a content version with it. */
export { siteUrl } from '@/lib/site-url';

declare const __BUILD_DATE__: string;
/** The build's date (YYYY-MM-DD): the sitemap's date of the pages the owner's content leaves as built. */
export const buildDate: string = __BUILD_DATE__;

/**
 * Renders one URL for the prerender step, the dev server and the server's pages of a content
 * version (server/http/site-pages.ts; `content`: what the owner published, none in the prerender). React 19 emits the page's <title>,
 * <meta> and <link> tags first; they are split off here so they go into <head>. `quoteForm`: the
 * state of the plain quote form when the server answers a form post with the page
 * (server/routes/quote-form-post.ts).
 *
 * Each island (components/island.tsx) is rendered as a root of its own, with its id as the
 * prefix of the ids it makes, exactly as app/islands/hydrate-island.tsx hydrates it.
 */
export async function render(
  url: string,
  options: { quoteForm?: PlainFormState; content?: SiteContent } = {},
): Promise<ServerRender> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const withState = (node: ReactElement) => (
    <PlainFormStateContext value={options.quoteForm}>{node}</PlainFormStateContext>
  );
  const collect = new Map<string, ReactElement>();
  const components = await loadIslands();
  let rendered = renderToString(
    <IslandRenderingContext value={{ components, collect }}>
      {withState(<App ssrPath={pathname} content={options.content} />)}
    </IslandRenderingContext>,
  );
  for (const [id, island] of collect) {
    const html = renderToString(withState(island), { identifierPrefix: id });
    rendered = rendered.replace(islandPlaceholder(id), () => html);
  }
  const head = leadingHeadTags.exec(rendered)?.[0] ?? '';
  return { head, html: rendered.slice(head.length), status: isKnownPath(pathname, options.content) ? 200 : 404 };
}
