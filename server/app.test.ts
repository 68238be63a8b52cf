import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { DatabaseHandle } from './db/client';
import { testDatabases } from './test/databases';
import { listen, localTestStorage, setupTimeout, tempDir, testOrigins } from './test/http';

describe.each(testDatabases)('the API on $kind', (testDb) => {
  let database: DatabaseHandle;
  let server: Awaited<ReturnType<typeof listen>>;
  let base: string;
  let uploads: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    database = await testDb.open();
    uploads = await tempDir('app');
    const storage = await localTestStorage(uploads.dir);
    server = await listen((origin) =>
      createApp({
        database,
        storage,
        origins: testOrigins(origin),
        secureHeaders: true,
        site: (_req, res) => void res.type('html').send('<!doctype html><title>Page</title>'),
      }),
    );
    base = server.base;
  }, setupTimeout);

  afterAll(async () => {
    await server.close();
    await database.close();
    await testDb.cleanup();
    await uploads.remove();
  }, setupTimeout);

  it('reports health after migrating the quote_requests table', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: testDb.kind });
    const columns = (await database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'quote_requests' order by ordinal_position`,
    )) as unknown as { rows: { column_name: string }[] };
    expect(columns.rows.map((r) => r.column_name)).toEqual([
      'id',
      'name',
      'phone',
      'email',
      'project_type',
      'city',
      'budget_range',
      'photo_url',
      'message',
      'created_at',
    ]);
  });

  it('answers unknown API paths with JSON 404 and hides the framework', async () => {
    const response = await fetch(`${base}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
    expect(response.headers.get('x-powered-by')).toBeNull();
    // JSON answers: nothing in them may run, be framed or sniffed.
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("sends pages with a policy that allows only the site's own scripts", async () => {
    const response = await fetch(`${base}/about`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self';");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
