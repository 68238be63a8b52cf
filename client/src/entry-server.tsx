import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PlainFormState } from '@shared/schemas/quote-form-post';
import { isKnownPath } from '@shared/routes';
import { App } from './app/app';
import { PlainFormStateContext } from '@/features/quote-form';
import { RenderedModulesContext } from './lib/rendered-modules';
import './styles.css';

const leadingHeadTags = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

interface ServerRender {
  html: string;
  head: string;
  status: number;
  /** Source files of the page modules rendered (for modulepreload links). */
  pages: string[];
}

/**
 * Renders one URL for the prerender step and the dev server, including its lazy page. React 19
 * emits the page's <title>, <meta> and <link> tags first; they are split off here so they go
 * into <head>. `quoteForm`: the state of the plain quote form when the server answers a form post
 * with the page (server/routes/quote-form-post.ts).
 */
export async function render(url: string, options: { quoteForm?: PlainFormState } = {}): Promise<ServerRender> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const pages = new Set<string>();
  const app = (
    <RenderedModulesContext value={pages}>
      <PlainFormStateContext value={options.quoteForm}>
        <App ssrPath={pathname} />
      </PlainFormStateContext>
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
