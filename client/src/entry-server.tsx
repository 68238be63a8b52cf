import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { isKnownPath } from '@shared/routes';
import { App } from './app/app';
import { RenderedModulesContext } from './lib/rendered-modules';
import './styles.css';

const leadingHeadTags = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

export interface ServerRender {
  html: string;
  head: string;
  status: number;
  /** Source files of the page modules rendered (for modulepreload links). */
  pages: string[];
}

/**
 * Renders one URL for the prerender step and the dev server, including its lazy page. React 19
 * emits the page's <title>, <meta> and <link> tags first; they are split off here so they go
 * into <head>.
 */
export async function render(url: string): Promise<ServerRender> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const pages = new Set<string>();
  const app = (
    <RenderedModulesContext value={pages}>
      <App ssrPath={pathname} />
    </RenderedModulesContext>
  );
  // First pass: wait for the lazy page modules to load. Second pass: render them synchronously,
  // so the HTML holds no streaming <script> tags (the Content-Security-Policy allows none).
  const { prelude } = await prerenderToNodeStream(app);
  for await (const _chunk of prelude) {
    // drain
  }
  const rendered = renderToString(app);
  const head = leadingHeadTags.exec(rendered)?.[0] ?? '';
  return { head, html: rendered.slice(head.length), status: isKnownPath(pathname) ? 200 : 404, pages: [...pages] };
}
