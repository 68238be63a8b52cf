import { expect, test, type APIRequestContext } from '@playwright/test';
import { business } from '../shared/content/business';
import { getServiceBySlug } from '../shared/content/services';
import { prerenderPaths } from '../shared/routes';

/** What search engines read: JSON-LD, sitemap.xml and robots.txt, without running JavaScript. */
async function jsonLdOf(request: APIRequestContext, path: string): Promise<Record<string, unknown>[]> {
  const html = await (await request.get(path)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return blocks.flatMap((block) => {
    const data = JSON.parse(block) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}

const ofType = (items: Record<string, unknown>[], type: string) => items.filter((item) => item['@type'] === type);

test.describe('search engines @desktop', () => {
  test('the home page describes the business as a GeneralContractor', async ({ request }) => {
    const [contractor] = ofType(await jsonLdOf(request, '/'), 'GeneralContractor');
    expect(contractor).toBeDefined();
    expect(contractor).toMatchObject({
      '@context': 'https://schema.org',
      name: business.name,
      telephone: business.phoneE164,
      email: business.email,
      address: { addressLocality: business.homeTown, addressRegion: 'AZ' },
      identifier: { value: business.rocLicense },
    });
    expect(String(contractor!.url)).toMatch(/^https?:\/\//);
    expect(String(contractor!.logo)).toMatch(/^https?:\/\/.+\.png$/);
    expect(String(contractor!.image)).toMatch(/^https?:\/\/.+\.jpg$/);
    const areas = (contractor!.areaServed as { name: string }[]).map((a) => a.name);
    expect(areas).toEqual(expect.arrayContaining(['Payson, AZ', 'Strawberry, AZ', 'Pine, AZ', 'Phoenix, AZ']));
    expect(contractor!.openingHoursSpecification).toBeDefined();
    expect(JSON.stringify(contractor)).not.toMatch(/aggregateRating|review/i);
  });

  test('a service page has Service, BreadcrumbList and FAQPage data', async ({ request }) => {
    const service = getServiceBySlug('kitchen-remodeling')!;
    const items = await jsonLdOf(request, '/services/kitchen-remodeling');
    const [serviceLd] = ofType(items, 'Service');
    expect(serviceLd).toMatchObject({ name: service.name, provider: { '@type': 'GeneralContractor' } });
    expect(serviceLd!.areaServed).toBeInstanceOf(Array);
    const [crumbs] = ofType(items, 'BreadcrumbList');
    const trail = (crumbs!.itemListElement as { position: number; name: string; item: string }[]).map((c) => c.name);
    expect(trail).toEqual(['Home', 'Services', service.name]);
    const [faq] = ofType(items, 'FAQPage');
    const questions = faq!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions.map((q) => q.name)).toEqual(service.faqs.map((f) => f.question));
    expect(questions.every((q) => q.acceptedAnswer.text.length > 0)).toBe(true);
  });

  test('a location page has its breadcrumb trail', async ({ request }) => {
    const [crumbs] = ofType(await jsonLdOf(request, '/locations/pine'), 'BreadcrumbList');
    const trail = crumbs!.itemListElement as { position: number; name: string; item: string }[];
    expect(trail.map((c) => c.position)).toEqual([1, 2, 3]);
    expect(trail[2]!.name).toBe('Pine');
    expect(trail[2]!.item).toMatch(/\/locations\/pine$/);
  });

  test('sitemap.xml lists every page once, with absolute URLs on the canonical origin', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const origin = new URL(locs[0]!).origin;
    expect(locs.map((loc) => loc.slice(origin.length) || '/')).toEqual([...prerenderPaths]);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await (await request.get('/about')).text())?.[1];
    expect(canonical).toBe(`${origin}/about`);
  });

  test('robots.txt allows crawling and points to the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/User-agent: \*/);
    expect(text).toMatch(/Allow: \//);
    expect(text).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
  });

  test('favicons, touch icon and the web app manifest are served', async ({ request }) => {
    for (const path of ['/favicon.svg', '/favicon-32.png', '/apple-touch-icon.png', '/icon-192.png', '/icon-512.png']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    const manifest = await (await request.get('/site.webmanifest')).json();
    expect(manifest.name).toBe(business.name);
    expect(manifest.icons).toHaveLength(2);
  });
});
