import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './test/databases';
import { serveTestApp } from './test/app-fixture';

describe.each(testDatabases)('the API on $kind', (testDb) => {
  const app = serveTestApp(testDb, {
    label: 'app',
    apps: [
      { secureHeaders: true, site: (_req, res) => void res.type('html').send('<!doctype html><title>Page</title>') },
    ],
  });
  const { database } = app;

  it('reports health after migrating the quote_requests table', async () => {
    const response = await fetch(`${app.base}/api/health`);
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
    const response = await fetch(`${app.base}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
    expect(response.headers.get('x-powered-by')).toBeNull();
    // JSON answers: nothing in them may run, be framed or sniffed.
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("sends pages with a policy that allows only the site's own scripts", async () => {
    const response = await fetch(`${app.base}/about`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self';");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
