import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderPaths } from '@shared/routes';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { tempDir } from '../test/http';

// `npm run dev` answers /sitemap.xml and /robots.txt as the built site does.
describe('the development server', () => {
  let server: ServerProcess;
  let data: Awaited<ReturnType<typeof tempDir>>;
  const siteUrl = 'https://www.rim-country-test.com';

  beforeAll(async () => {
    data = await tempDir('dev-site');
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
});
