// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { locations } from '@shared/content/locations';
import { getServiceBySlug } from '@shared/content/services';
import { routePatterns } from '@shared/routes';
import { renderPage } from '@/test/render-page';
import ServiceDetailPage from './service-detail';

afterEach(cleanup);

const renderAt = (path: string) => renderPage(ServiceDetailPage, routePatterns.service, path);

const framing = getServiceBySlug('framing')!;

describe('service page', () => {
  it('leads back up through a breadcrumb trail that ends at this page', async () => {
    await renderAt('/services/framing');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(trail).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Services', '/services'],
    ]);
    const steps = within(trail).getAllByRole('listitem');
    expect(steps.at(-1)).toHaveTextContent('Framing');
    expect(within(steps.at(-1)!).getByText('Framing')).toHaveAttribute('aria-current', 'page');
  });

  it('shows the service name, its sections and the sidebar', async () => {
    await renderAt('/services/framing');
    expect(screen.getByRole('heading', { level: 1, name: 'Framing' })).toBeInTheDocument();
    const h2s = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2s).toEqual(
      expect.arrayContaining([
        "What's Included",
        'Materials & Options',
        'Timeline',
        'Maintenance Tips',
        'Frequently Asked Questions',
        'Service Areas',
        'Why Choose Us',
      ]),
    );
    expect(screen.getByText(framing.timeline)).toBeInTheDocument();
    expect(screen.getByText(/varies with the project's scope and the weather/)).toBeInTheDocument();
    for (const item of framing.typicalScope) expect(screen.getByText(item)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Get Free Quote' })[0]).toHaveAttribute('href', '/#contact');
    expect(screen.getAllByRole('link', { name: `Call ${business.phoneDisplay}` })[0]).toHaveAttribute(
      'href',
      `tel:${business.phoneE164}`,
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByText(/within 24 hours on business days/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(business.rocLicense))).toBeInTheDocument();

    const areas = within(screen.getByRole('region', { name: 'Service Areas' })).getAllByRole('link');
    expect(areas.map((a) => a.getAttribute('href'))).toEqual(locations.map((l) => `/locations/${l.slug}`));
  });

  it('splits the overview into its paragraphs', async () => {
    await renderAt('/services/framing');
    for (const paragraph of framing.overview.split('\n\n')) expect(screen.getByText(paragraph)).toBeInTheDocument();
  });

  it('opens at most one FAQ at a time, and an open FAQ can be closed again', async () => {
    await renderAt('/services/framing');
    const faq = within(screen.getByRole('region', { name: 'Frequently Asked Questions' }));
    const triggers = faq.getAllByRole('button');
    expect(triggers).toHaveLength(5);
    const expanded = () => triggers.map((t) => t.getAttribute('aria-expanded') === 'true');
    expect(expanded()).toEqual([false, false, false, false, false]);

    act(() => void fireEvent.click(triggers[0]!));
    expect(expanded()).toEqual([true, false, false, false, false]);
    // Closed answers stay in the DOM (prerendered) and are hidden by their data-state (CSS; checked in e2e).
    const answerState = (i: number) =>
      faq.getByText(framing.faqs[i]!.answer).closest('[role="region"]')?.getAttribute('data-state');
    expect(answerState(0)).toBe('open');

    act(() => void fireEvent.click(triggers[2]!));
    expect(expanded()).toEqual([false, false, true, false, false]);
    expect([0, 1, 2, 3, 4].map(answerState)).toEqual(['closed', 'closed', 'open', 'closed', 'closed']);

    act(() => void fireEvent.click(triggers[2]!));
    expect(expanded()).toEqual([false, false, false, false, false]);
    expect([0, 1, 2, 3, 4].map(answerState)).toEqual(['closed', 'closed', 'closed', 'closed', 'closed']);
  });

  it('keeps every answer in the page (hidden until opened) so it is prerendered', async () => {
    await renderAt('/services/decks');
    for (const { answer } of getServiceBySlug('decks')!.faqs) {
      expect(screen.getByText(answer)).toBeInTheDocument();
    }
  });

  it("shows 'Service Not Found' with a way home for an unknown slug", async () => {
    await renderAt('/services/nope');
    expect(screen.getByRole('heading', { level: 1, name: 'Service Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });
});
