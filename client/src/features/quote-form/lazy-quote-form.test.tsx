// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { LazyQuoteForm } from './lazy-quote-form';

afterEach(cleanup);

describe('LazyQuoteForm', () => {
  it('prerenders the heading and a placeholder, without the form itself', () => {
    const html = renderToString(<LazyQuoteForm id="quote-form" headingId="quote-title" headingLevel={3} />);
    expect(html).toContain('<h3 id="quote-title"');
    expect(html).toContain('Request a Free Quote');
    expect(html).toContain('id="quote-form"');
    expect(html).toContain('Loading the quote form');
    expect(html).not.toContain('<form');
  });

  it('loads and shows the form in the browser', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LazyQuoteForm headingLevel={3} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Request Free Quote' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Request a Free Quote' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Request a Free Quote' })).toHaveLength(1);
    expect(screen.queryByText('Loading the quote form…')).not.toBeInTheDocument();
  });
});
