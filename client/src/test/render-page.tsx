import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { HelmetProvider } from 'react-helmet-async';
import { expect } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { emptySiteContent, type SiteContent } from '@shared/content/site-content';
import { createQueryClient } from '@/lib/query-client';
import { SiteContentContext } from '@/lib/site-content';
import { islandsWrapper } from './islands';

/**
 * A public page at `path` (its route `pattern`) under the providers app.tsx gives it, with the
 * owner's `content` and its islands rendered in place; resolves once its heading is in.
 */
export async function renderPage(
  page: ComponentType,
  pattern: string,
  path: string,
  content: SiteContent = emptySiteContent,
) {
  const { hook } = memoryLocation({ path });
  const result = render(
    <HelmetProvider>
      <QueryClientProvider client={createQueryClient()}>
        <SiteContentContext value={content}>
          <Router hook={hook}>
            <Route path={pattern} component={page} />
          </Router>
        </SiteContentContext>
      </QueryClientProvider>
    </HelmetProvider>,
    { wrapper: await islandsWrapper() },
  );
  await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
  return result;
}
