import { HelmetProvider } from 'react-helmet-async';
import { Router } from 'wouter';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { PendingQuoteResend } from '@/features/quote-form/app-shell';
import { Layout } from './layout';
import { AppRoutes } from './routes';
import { ScrollManager } from './scroll-manager';

/**
 * The whole app. `ssrPath` is given when rendering on the server (prerender, dev SSR). React
 * Query's provider lives with the quote form, the only feature that sends requests. On every page, a
 * quote request that waits on this device (the connection dropped) is sent.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <HelmetProvider>
      <Router ssrPath={ssrPath}>
        <ScrollManager />
        <Layout>
          <AppRoutes />
        </Layout>
        <LazyToaster />
        <PendingQuoteResend />
      </Router>
    </HelmetProvider>
  );
}
