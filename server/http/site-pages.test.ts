import { describe, expect, it } from 'vitest';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import type { SiteRenderer } from './site-pages';
import { listingRenderer, publishTestProject, unpublishTestProject, withSiteServer } from '../test/site-content';
import { eventually } from '../test/wait-for';

/**
 * The publishing path: a change committed with a bump of the content version shows on every
 * server on the database within a check interval, as HTML with honest ETags, and in the sitemap
 * and the router's JSON; taking it back shows the build's pages again, byte for byte.
 */
describe.each(testDatabases)('the pages of the site content ($kind)', (testDb) => {
  const served = serveTestApp(testDb, { label: 'site-pages' });

  const page = async (base: string, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    return { status: response.status, etag: response.headers.get('etag'), text: await response.text(), response };
  };

  it('shows a published project on a second server at its next content check, and takes it back', async () => {
    await withSiteServer(served, listingRenderer, async (first) => {
      await withSiteServer(served, listingRenderer, async (second) => {
        const built = await page(second, '/gallery');
        expect(built.text).not.toContain('<li>');
        const builtSitemap = await page(second, '/sitemap.xml');

        const id = await publishTestProject(served.database, { title: 'Cedar Deck in Payson', slug: 'cedar-deck' });
        for (const base of [first, second]) {
          await eventually(10_000, async () => {
            expect((await page(base, '/gallery')).text).toContain('<li>Cedar Deck in Payson</li>');
          });
          expect((await page(base, '/')).text).toContain('Cedar Deck in Payson');
          expect((await page(base, '/services/decks')).text).toContain('Cedar Deck in Payson');
          const own = await page(base, '/gallery/cedar-deck');
          expect(own.status).toBe(200);
          expect(own.text).toContain('<h1>/gallery/cedar-deck</h1>');
          const sitemap = await page(base, '/sitemap.xml');
          expect(sitemap.text).toContain('<loc>https://www.example.test/gallery/cedar-deck</loc>');
          expect(sitemap.etag).not.toBe(builtSitemap.etag);
          const json = (await (await fetch(`${base}/api/site-content`)).json()) as { projects: { slug: string }[] };
          expect(json.projects.map((project) => project.slug)).toEqual(['cedar-deck']);
        }

        // Honest caching: a new ETag for the changed page, 304 for the one the browser has, brotli from memory.
        const shown = await page(second, '/gallery', { 'accept-encoding': 'br' });
        expect(shown.etag).not.toBe(built.etag);
        expect(shown.response.headers.get('content-encoding')).toBe('br');
        expect(shown.response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
        expect((await page(second, '/gallery', { 'if-none-match': shown.etag! })).status).toBe(304);
        expect((await page(second, '/gallery', { 'if-none-match': built.etag! })).status).toBe(200);

        await unpublishTestProject(served.database, id);
        for (const base of [first, second]) {
          await eventually(10_000, async () => {
            expect((await page(base, '/gallery')).etag).toBe(built.etag);
          });
          expect((await page(base, '/gallery')).text).toBe(built.text);
          expect((await page(base, '/gallery/cedar-deck')).status).toBe(404);
          expect((await page(base, '/gallery/cedar-deck')).text).toContain('Project Not Found');
          expect((await page(base, '/sitemap.xml')).text).toBe(builtSitemap.text);
        }
      });
    });
  });

  it('answers a page asked for right after the change with the change, while the other pages wait their turn', async () => {
    // The pass over the pages starts at the home page and is held there until the gate opens.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const heldAtHome: SiteRenderer = {
      ...listingRenderer,
      async render(url, options) {
        if (url === '/') await gate;
        return listingRenderer.render(url, options);
      },
    };
    await withSiteServer(served, heldAtHome, async (base, siteContent) => {
      const id = await publishTestProject(served.database, { title: 'Juniper Fence', slug: 'juniper-fence' });
      // What the owner's Publish does on the server he used: the version is checked at once.
      await siteContent.refresh();
      // No waiting for the pass: the gallery is rendered for this request, and the router's JSON agrees.
      expect((await page(base, '/gallery')).text).toContain('<li>Juniper Fence</li>');
      expect((await page(base, '/gallery/juniper-fence')).status).toBe(200);
      const json = (await (await fetch(`${base}/api/site-content`)).json()) as { projects: { slug: string }[] };
      expect(json.projects.map((project) => project.slug)).toEqual(['juniper-fence']);
      // The home page is not answered from the previous version meanwhile: its request waits for its render.
      const home = page(base, '/');
      openGate();
      expect((await home).text).toContain('<li>Juniper Fence</li>');
      await unpublishTestProject(served.database, id);
      await siteContent.refresh();
      expect((await page(base, '/gallery')).text).not.toContain('Juniper Fence');
    });
  });

  it('serves a page whose render failed as it was, and renders it at its next request', async () => {
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let failures = 1;
    const failsOnce: SiteRenderer = {
      ...listingRenderer,
      async render(url, options) {
        if (url === '/') await gate;
        if (url === '/gallery' && failures-- > 0) throw new Error('render failed');
        return listingRenderer.render(url, options);
      },
    };
    await withSiteServer(served, failsOnce, async (base, siteContent) => {
      const built = await page(base, '/gallery');
      const id = await publishTestProject(served.database, { title: 'Aspen Porch', slug: 'aspen-porch' });
      await siteContent.refresh();
      // Its render failed: the page as it was, not an error page.
      expect(await page(base, '/gallery')).toMatchObject({ status: 200, text: built.text });
      expect((await page(base, '/gallery')).text).toContain('<li>Aspen Porch</li>');
      openGate();
      await unpublishTestProject(served.database, id);
    });
  });

  it('keeps the ETag of a page the change leaves as it was', async () => {
    await withSiteServer(served, listingRenderer, async (base) => {
      const decks = await page(base, '/services/decks');
      const id = await publishTestProject(served.database, { title: 'New Roof', slug: 'new-roof', service: 'roofing' });
      await eventually(10_000, async () => expect((await page(base, '/gallery')).text).toContain('New Roof'));
      // The decks page shows no roof: the build's own bytes and ETag, so browsers keep their copy.
      expect(await page(base, '/services/decks')).toMatchObject({ etag: decks.etag, text: decks.text });
      await unpublishTestProject(served.database, id);
    });
  });
});
