import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, tempDir, type ListeningServer } from '../test/http';
import { staticSite } from './static-site';

let server: ListeningServer;
let removeDir: () => Promise<void>;

beforeAll(async () => {
  const { dir, remove } = await tempDir('static-site');
  removeDir = remove;
  await mkdir(path.join(dir, 'about'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<h1>Home</h1>');
  await writeFile(path.join(dir, 'about', 'index.html'), '<h1>About</h1>');
  await writeFile(path.join(dir, '404.html'), '<h1>Page Not Found</h1>');
  const app = express();
  app.use(staticSite(dir));
  server = await listen(app);
});
afterAll(async () => {
  await server.close();
  await removeDir();
});

/** GET with the path exactly as given (fetch would normalise backslashes and dot segments). */
function rawGet(rawPath: string): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(server.base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the trailing-slash redirect', () => {
  it('drops the slash and keeps the query', async () => {
    expect(await rawGet('/about/?utm_source=flyer')).toEqual({ status: 301, location: '/about?utm_source=flyer' });
  });

  it.each([
    '/%2Fevil.example/',
    '//evil.example/',
    '/%5Cevil.example/',
    '/\\evil.example/',
    '/%2F%2Fevil.example/',
    '///evil.example//',
    '/%09/evil.example/',
  ])('never sends a visitor to another site: %s', async (rawPath) => {
    const { status, location } = await rawGet(rawPath);
    expect(status).toBe(301);
    expect(location).toBeDefined();
    // A browser resolves the Location against the page's address: it must stay on this site.
    const target = new URL(location!, `${server.base}/somewhere/page`);
    expect(target.origin).toBe(server.base);
    expect(location).toMatch(/^\/(?![/\\])/);
  });

  it('refuses a path that does not start with a slash', async () => {
    expect(await rawGet('\\\\evil.example/')).toEqual({ status: 400, location: undefined });
  });
});
