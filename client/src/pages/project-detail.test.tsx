// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptySiteContent, type SiteContent } from '@shared/content/site-content';
import { routePatterns } from '@shared/routes';
import { publishedProject } from '@/test/published-project';
import { renderPage } from '@/test/render-page';
import ProjectDetailPage from './project-detail';

afterEach(cleanup);

const renderAt = (path: string, content: SiteContent) =>
  renderPage(ProjectDetailPage, routePatterns.project, path, content);

const project = publishedProject();

describe('a project’s page', () => {
  it('tells the story with both photos, and leads to its service, its area and the gallery', async () => {
    await renderAt(`/gallery/${project.slug}`, { ...emptySiteContent, projects: [project], reviews: [] });
    expect(screen.getByRole('heading', { level: 1, name: project.title })).toBeInTheDocument();
    const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(trail.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/', '/gallery']);
    expect(trail.getByText(project.title)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('img', { name: 'Rotten porch deck boards' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'New cedar porch deck' })).toBeInTheDocument();
    const wrong = within(screen.getByRole('region', { name: 'What Was Wrong' }));
    expect(wrong.getAllByRole('paragraph').map((p) => p.textContent)).toEqual([
      'The boards were soft underfoot.',
      'Two joists had rotted at the ledger.',
    ]);
    expect(screen.getByRole('region', { name: 'What We Did' })).toHaveTextContent(project.solution);
    expect(screen.getByRole('link', { name: 'Pine' })).toHaveAttribute('href', '/locations/pine');
    expect(screen.getByRole('link', { name: /More about Decks/ })).toHaveAttribute('href', '/services/decks');
  });

  it('names another town as typed, without a link', async () => {
    const other = publishedProject({ slug: 'deck-in-star-valley', area: { slug: null, name: 'Star Valley' } });
    await renderAt(`/gallery/${other.slug}`, { ...emptySiteContent, projects: [other], reviews: [] });
    expect(screen.getByText('Star Valley')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Star Valley' })).not.toBeInTheDocument();
  });

  it('is the not-found page for a project taken down', async () => {
    await renderAt(`/gallery/${project.slug}`, { ...emptySiteContent, projects: [], reviews: [] });
    expect(screen.getByRole('heading', { level: 1, name: 'Project Not Found' })).toBeInTheDocument();
  });
});
