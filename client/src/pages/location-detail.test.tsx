// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getLocationBySlug, locations } from '@shared/content/locations';
import { routePatterns } from '@shared/routes';
import { emptySiteContent, type SiteContent } from '@shared/content/site-content';
import { publishedProject } from '@/test/published-project';
import { renderPage } from '@/test/render-page';
import LocationDetailPage from './location-detail';

afterEach(cleanup);

const renderAt = (path: string, content?: SiteContent) =>
  renderPage(LocationDetailPage, routePatterns.location, path, content);

const linksIn = (regionName: string) =>
  within(screen.getByRole('region', { name: regionName }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('location page', () => {
  it('shows the area: badge, headline, landmarks, neighborhoods, climate and the gallery placeholder', async () => {
    await renderAt('/locations/pine');
    const pine = getLocationBySlug('pine')!;
    expect(screen.getByText('Service Area')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: pine.headline })).toBeInTheDocument();
    expect(screen.getByText(pine.description)).toBeInTheDocument();
    for (const name of [...pine.landmarks, ...pine.neighborhoods])
      expect(screen.getAllByText(name).length).toBeGreaterThan(0);
    expect(screen.getByText(pine.climateConsiderations)).toBeInTheDocument();
    const gallery = within(screen.getByRole('region', { name: 'Project Gallery Coming Soon' }));
    expect(gallery.getByRole('link')).toHaveAttribute('href', '/gallery');
  });

  it('shows the owner’s projects in the area, newest first, instead of the placeholder', async () => {
    const older = publishedProject({
      id: '0b9d2f36-3c1e-4d3a-9f57-6d1f0c2a7b12',
      slug: 'older-deck',
      title: 'Older Deck in Pine',
      publishedAt: '2026-10-01T00:00:00Z',
    });
    const newer = publishedProject({
      slug: 'newer-deck',
      title: 'Newer Deck in Pine',
      publishedAt: '2026-11-01T00:00:00Z',
    });
    const payson = publishedProject({
      id: '0b9d2f36-3c1e-4d3a-9f57-6d1f0c2a7b13',
      slug: 'payson-deck',
      title: 'Deck in Payson',
      area: { slug: 'payson', name: 'Payson' },
    });
    await renderAt('/locations/pine', { ...emptySiteContent, projects: [newer, older, payson], reviews: [] });
    expect(screen.queryByRole('region', { name: 'Project Gallery Coming Soon' })).not.toBeInTheDocument();
    const recent = within(screen.getByRole('region', { name: 'Recent Projects in Pine' }));
    const titles = recent.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Newer Deck in Pine', 'Older Deck in Pine']);
    expect(recent.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/gallery/newer-deck', '/gallery/older-deck', '/gallery']),
    );
  });

  it('lists the popular services in the specified order', async () => {
    await renderAt('/locations/payson');
    expect(linksIn('Popular Services')).toEqual([
      ['Framing', '/services/framing'],
      ['Roofing', '/services/roofing'],
      ['Decks', '/services/decks'],
      ['Rotten Wood Replacement', '/services/rotten-wood-replacement'],
      ['Bathroom Remodeling', '/services/bathroom-remodeling'],
    ]);
  });

  it.each(locations.map((l) => l.slug))('lists four other service areas, never the current one (%s)', async (slug) => {
    await renderAt(`/locations/${slug}`);
    const hrefs = linksIn('Other Service Areas').map(([, href]) => href);
    expect(hrefs).toHaveLength(4);
    expect(hrefs).not.toContain(`/locations/${slug}`);
  });

  it("shows 'Location Not Found' for an unknown slug", async () => {
    await renderAt('/locations/atlantis');
    expect(screen.getByRole('heading', { level: 1, name: 'Location Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });
});
