import { HelmetProvider } from 'react-helmet-async';
import { Router } from 'wouter';
import { Layout } from './layout';
import { AppRoutes } from './routes';

/**
 * The whole site, rendered on the server only (the prerender step, the dev server and the answer
 * to a posted quote form): the browser gets complete HTML, and hydrates only the page's islands
 * (components/island.tsx). Links between pages are plain links.
 */
export function App({ ssrPath }: { ssrPath: string }) {
  return (
    <HelmetProvider>
      <Router ssrPath={ssrPath}>
        <Layout>
          <AppRoutes />
        </Layout>
      </Router>
    </HelmetProvider>
  );
}
