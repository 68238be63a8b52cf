import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import { businessJsonLd } from '@shared/seo/structured-data';
import { defaultSiteUrl } from '@shared/site';
import { precompress } from './http/precompress';
import { buildOriginFile } from './http/site-origin';
import { packageRoot } from './package-root';
import { migratedPostgresDatabase } from './test/databases';
import { tempDir } from './test/http';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { waitFor } from './test/wait-for';

/**
 * One build for any domain (server/http/build-for-origin.ts): the same build, started with two
 * SITE_URLs, serves each its own canonical links, share tags, JSON-LD, sitemap.xml and robots.txt,
 * plain and precompressed; started without one (or with the build's own) it serves the build's
 * bytes as they are. The build here is a small one of the test's own, written as scripts/build.ts
 * writes it (the unit tests run beside the real build, which starts by removing dist/), served by
 * the run's server bundle copied into a project folder of the test's own.
 */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

const homePage = (origin: string) =>
  `<!doctype html><html lang="en"><head><title>Home</title>` +
  `<link rel="canonical" href="${origin}/"><meta property="og:url" content="${origin}/">` +
  `<meta property="og:image" content="${origin}/img/og/home.jpg">` +
  `<script type="application/ld+json">${JSON.stringify(businessJsonLd(origin))}</script>` +
  `</head><body><div id="root"><h1>Carpentry</h1></div></body></html>`;
const sitemap = (origin: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset><url><loc>${origin}/</loc></url></urlset>\n`;
const robots = (origin: string) => `User-agent: *\nAllow: /\nDisallow: /owner\n\nSitemap: ${origin}/sitemap.xml\n`;
const routerCode = (origin: string) => `var W=\`${origin}\`;export{W as siteUrl};\n`;

/** A project folder with the run's server bundle in dist/server and a build made for `origin` in dist/client. */
async function builtProject(origin: string) {
  const project = await tempDir('site-url');
  cleanups.push(project.remove);
  const root = project.dir;
  const client = path.join(root, 'dist', 'client');
  await writeFile(path.join(root, 'package.json'), '{ "private": true, "type": "module" }\n');
  await symlink(path.join(packageRoot(import.meta.dirname), 'node_modules'), path.join(root, 'node_modules'));
  await cp(path.dirname(inject('serverBundle')), path.join(root, 'dist', 'server'), { recursive: true });
  await mkdir(path.join(client, 'assets'), { recursive: true });
  const files = {
    'index.html': homePage(origin),
    '404.html': '<!doctype html><title>Page Not Found</title><h1>Page Not Found</h1>',
    'sitemap.xml': sitemap(origin),
    'robots.txt': robots(origin),
    'assets/router-test.js': routerCode(origin),
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(client, name);
    const { br, gzip } = await precompress(Buffer.from(text));
    await Promise.all([writeFile(file, text), writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzip)]);
  }
  await writeFile(path.join(root, 'dist', buildOriginFile), JSON.stringify({ origin }));
  return { root, bundle: path.join(root, 'dist', 'server', 'index.js'), client };
}

type Encoding = 'identity' | 'br' | 'gzip';

/** GET `urlPath` accepting only `encoding`: the body as sent, and decoded. */
function get(base: string, urlPath: string, encoding: Encoding) {
  return new Promise<{ status: number; sent: string | undefined; bytes: Buffer; text: string }>((resolve, reject) => {
    const req = request(`${base}${urlPath}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const sent = res.headers['content-encoding'];
        const decoded = sent === 'br' ? brotliDecompressSync(bytes) : sent === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve({ status: res.statusCode ?? 0, sent, bytes, text: decoded.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function startSite(project: { bundle: string }, env: Record<string, string>): Promise<ServerProcess> {
  const database = await migratedPostgresDatabase('site_url');
  cleanups.push(database.drop);
  const server = await startServerProcess(
    { NODE_ENV: 'production', DATABASE_URL: database.url, LOG_REQUESTS: 'false', ...env },
    { bundle: project.bundle },
  );
  cleanups.push(() => server.kill());
  onTestFailed(() => console.error(`Output of ${server.base}:\n${server.output().slice(-4000)}`));
  return server;
}

/** What a visitor, a search engine and a share preview read of the site, in each encoding. */
async function expectServedFor(server: ServerProcess, origin: string) {
  for (const encoding of ['identity', 'br', 'gzip'] as const) {
    const home = await get(server.base, '/', encoding);
    expect(home.status).toBe(200);
    expect(home.sent ?? 'identity').toBe(encoding);
    expect(home.text).toContain(`<link rel="canonical" href="${origin}/">`);
    expect(home.text).toContain(`<meta property="og:url" content="${origin}/">`);
    expect(home.text).toContain(`<meta property="og:image" content="${origin}/img/og/home.jpg">`);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(home.text)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@id': `${origin}/#business`, url: `${origin}/` });
    expect((await get(server.base, '/sitemap.xml', encoding)).text).toBe(sitemap(origin));
    expect((await get(server.base, '/robots.txt', encoding)).text).toBe(robots(origin));
    expect((await get(server.base, '/assets/router-test.js', encoding)).text).toBe(routerCode(origin));
    if (origin !== defaultSiteUrl) expect(home.text).not.toContain(defaultSiteUrl);
  }
}

describe('one build for any SITE_URL', () => {
  it('serves each SITE_URL its own links, plain and precompressed, from the same build', async () => {
    const project = await builtProject(defaultSiteUrl);
    const first = 'https://www.first-carpentry.example';
    const second = 'https://second.example:8443';
    const data = await tempDir('site-url-data');
    cleanups.push(data.remove);

    const one = await startSite(project, { SITE_URL: `${first}/`, DATA_DIR: data.dir });
    await expectServedFor(one, first);
    // Compressed as the build compresses, kept for the next start with this build and SITE_URL.
    await waitFor('the best compression', 30_000, () =>
      one.output().includes('the rewritten build compressed as the build is') ? true : undefined,
    );
    await expectServedFor(one, first);
    await one.stop();
    const again = await startSite(project, { SITE_URL: first, DATA_DIR: data.dir });
    expect(again.output()).toMatch(/"files":4,"compressedBefore":4/);
    await expectServedFor(again, first);

    const other = await startSite(project, { SITE_URL: second, DATA_DIR: (await tempDir('site-url-other')).dir });
    await expectServedFor(other, second);
  });

  it("serves the build's own bytes when SITE_URL is the build's", async () => {
    const origin = 'https://www.built-for.example';
    const project = await builtProject(origin);
    const data = await tempDir('site-url-same');
    cleanups.push(data.remove);
    const server = await startSite(project, { SITE_URL: origin, DATA_DIR: data.dir });
    await expectServedFor(server, origin);
    const br = await get(server.base, '/', 'br');
    expect(br.bytes.equals(await readFile(path.join(project.client, 'index.html.br')))).toBe(true);
    expect(server.output()).not.toContain('the build rewritten for SITE_URL');
  });
});
