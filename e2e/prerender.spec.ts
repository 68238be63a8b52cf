import { expect, test } from '@playwright/test';
import { prerenderPaths } from '../shared/routes';
import { watchConsole } from './console';

/** What a search engine or a link preview sees: the served HTML, without running JavaScript. */
function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

test.describe('prerendered HTML @desktop', () => {
  test('every route is served as its own page with its own head tags and content', async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of prerenderPaths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      const head = headOf(html);
      const title = /<title>([^<]+)<\/title>/.exec(head)?.[1];
      const description = /<meta name="description" content="([^"]+)"/.exec(head)?.[1];
      expect(title, `${path} title`).toBeTruthy();
      expect(description, `${path} description`).toBeTruthy();
      expect(head, path).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path === '/' ? '/' : path}"`));
      expect(head, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(head, path).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);
      expect(head, path).toMatch(/<meta property="og:url" content="https?:\/\/[^"]+"/);
      expect((head.match(/<title>/g) ?? []).length, `${path} has one title`).toBe(1);
      const body = html.slice(html.indexOf('<body'));
      expect(body, `${path} has no head tags in the body`).not.toMatch(/<title>|<meta |rel="canonical"/);
      expect(body, `${path} has its content`).toMatch(/<h1[^>]*>[^<]+/);
      titles.add(title!);
      descriptions.add(description!);
    }
    expect(titles.size).toBe(prerenderPaths.length);
    expect(descriptions.size).toBe(prerenderPaths.length);
  });

  test('pages hydrate without warnings', async ({ page }) => {
    for (const path of [
      '/',
      '/services',
      '/services/roofing',
      '/locations/pine',
      '/gallery',
      '/about',
      '/contact',
      '/terms',
    ]) {
      const assertNoConsoleProblems = watchConsole(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      assertNoConsoleProblems();
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });

  test('headings are drawn in the preloaded Roboto Slab face, at every weight they ask for', async ({ page }) => {
    await page.goto('/');
    const preload = page.locator('head link[rel="preload"][as="font"]');
    await expect(preload).toHaveCount(1);
    expect(await preload.getAttribute('href')).toMatch(/^\/assets\/roboto-slab-latin-700-normal-[\w-]+\.woff2$/);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // "optional" keeps the fallback for the page's life when the font comes late (a busy machine
    // can take longer than the browser waits), so the face is looked at on the next page, which
    // finds the font in the cache, as a visitor's second page does.
    await page.goto('/');

    // The font the browser drew each heading's text with (what the visitor sees), not what the CSS
    // asks for: the bold title, the extra-bold motto and the semibold footer heading.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const drawnWith = async (selector: string) => {
      await page.locator(selector).first().scrollIntoViewIfNeeded();
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts.map((font) => `${font.familyName}${font.isCustomFont ? ' (web font)' : ''}`);
    };
    for (const selector of ['h1', 'section[aria-label="Our motto"] p', '#site-footer h2']) {
      await expect.poll(() => drawnWith(selector), selector).toEqual(['Roboto Slab (web font)']);
    }
  });

  test('unknown paths, services and locations are 404 pages that are not indexed', async ({ request }) => {
    for (const [path, heading] of [
      ['/nothing-here', '404 Page Not Found'],
      ['/services/not-a-service', 'Service Not Found'],
      ['/locations/atlantis', 'Location Not Found'],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html).toContain(heading);
      expect(headOf(html)).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
    }
  });

  test('assets are compressed and cached for a year; HTML is revalidated', async ({ request }) => {
    const home = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(home.headers()['content-encoding']).toBe('br');
    expect(home.headers()['cache-control']).toContain('must-revalidate');
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(await home.text())?.[1];
    expect(script).toMatch(/^\/assets\//);
    const asset = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe('gzip');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    const trailing = await request.get('/about/', { maxRedirects: 0 });
    expect(trailing.status()).toBe(301);
    expect(trailing.headers()['location']).toBe('/about');
  });
});
