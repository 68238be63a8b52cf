// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { HelmetProvider } from 'react-helmet-async';
import { afterEach, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { serviceSummaries as services } from '@shared/content/service-summaries';
import ServicesPage from './services';

afterEach(cleanup);

it('lists every service as a card linking to its page', () => {
  render(
    <HelmetProvider>
      <Router hook={memoryLocation({ path: '/services' }).hook}>
        <ServicesPage />
      </Router>
    </HelmetProvider>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Our Services' })).toBeInTheDocument();
  const cards = within(screen.getByRole('list', { name: 'All services' })).getAllByRole('link');
  expect(cards).toHaveLength(18);
  expect(cards.map((card) => card.getAttribute('href'))).toEqual(services.map((s) => `/services/${s.slug}`));
  for (const [index, card] of cards.entries()) {
    expect(within(card).getByRole('heading', { level: 2, name: services[index]!.name })).toBeInTheDocument();
  }
});
