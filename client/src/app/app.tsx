import { HelmetProvider } from 'react-helmet-async';
import { Router } from 'wouter';
import { emptySiteContent, type SiteContent } from '@shared/content/site-content';
import { SiteContentContext } from '@/lib/site-content';
import { Layout } from './layout';
import { AppRoutes } from './routes';

/**
 * The whole site. The server renders it (the prerender step, the dev server and the answer to a
 * posted quote form, with `ssrPath`): the browser gets complete HTML and hydrates only the page's
 * islands (components/island.tsx). After the first click on a link once the router is in, the
 * browser renders it too, from the browser's location (navigation/router.tsx). `content`: what the
 * owner published, at the version the page shows (lib/site-content.ts).
 */
export function App({ ssrPath, content = emptySiteContent }: { ssrPath?: string; content?: SiteContent }) {
  return (
    <HelmetProvider>
      <SiteContentContext value={content}>
        <Router ssrPath={ssrPath}>
          <Layout>
            <AppRoutes />
          </Layout>
        </Router>
      </SiteContentContext>
    </HelmetProvider>
  );
}
