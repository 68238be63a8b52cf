import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { shareImageSize } from '@shared/images';
import { prerenderPaths } from '@shared/routes';
import { businessDetailsFormSchema } from '@shared/schemas/business-details';
import { openDatabase } from '../db/client';
import { createSiteSettings } from '../services/settings/site-settings';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { tempDir } from '../test/http';

// `npm run dev` answers /sitemap.xml, /robots.txt and the share images with the saved phone as the built site does.
describe('the development server', () => {
  let server: ServerProcess;
  let data: Awaited<ReturnType<typeof tempDir>>;
  const siteUrl = 'https://www.rim-country-test.com';

  beforeAll(async () => {
    data = await tempDir('dev-site');
    // The owner saved his phone (/owner/settings) before this start.
    const database = await openDatabase({ dataDir: data.dir });
    await createSiteSettings({ database }).saveDetails(
      businessDetailsFormSchema.parse({
        phone: '928-468-1234',
        email: business.email,
        rocLicense: 'ROC 123456',
        googleReviewUrl: 'https://g.page/r/CbQx1aZ9rK2mEBM/review',
        hours: Array.from({ length: 7 }, () => ({ closed: true, open: '', close: '' })),
        musicSiteUrl: 'https://hartmanfamilyband.com/',
        songVideoUrl: 'https://www.youtube.com/watch?v=abc123',
      }),
    );
    await database.close();
    server = await startServerProcess(
      { NODE_ENV: 'development', DATA_DIR: data.dir, SITE_URL: siteUrl, LOG_LEVEL: 'silent' },
      { readyTimeoutMs: 60_000 },
    );
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await data?.remove();
  });

  it('serves sitemap.xml with every page on SITE_URL', async () => {
    const response = await fetch(`${server.base}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(prerenderPaths.map((p) => `${siteUrl}${p === '/' ? '/' : p}`));
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const response = await fetch(`${server.base}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });

  it('draws the share image with the phone the owner saved, at the address the page names', async () => {
    const home = await (await fetch(`${server.base}/`)).text();
    expect(home).toContain('/img/og/home.19284681234.jpg');
    const answer = await fetch(`${server.base}/img/og/home.19284681234.jpg`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const { width, height } = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    expect({ width, height }).toEqual(shareImageSize);
    // Another phone's: nothing is drawn for an address made up.
    expect((await fetch(`${server.base}/img/og/home.19285550147.jpg`)).status).toBe(404);
    // A wait, not a bound: the development server compiles the page's modules on this first request
    // for / (and draws the image), which took over 20 s beside the whole of `npm test` on two cores.
  }, 90_000);
});
