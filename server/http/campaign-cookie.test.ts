import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quoteRequestSources, quoteRequests } from '../db/schema';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { validQuote } from '../test/http';
import { campaignCookieName, campaignFromCookie } from './campaign-cookie';
import { staticSite } from './static-site';

/** A build of two prerendered pages: the home page with its form's Get Free Quote link, and the 404. */
function tinyBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rcc-campaign-'));
  writeFileSync(path.join(dir, 'index.html'), '<h1>Home</h1><a href="/#contact">Get Free Quote</a>');
  writeFileSync(path.join(dir, '404.html'), '<h1>Not found</h1>');
  mkdirSync(path.join(dir, 'services', 'decks'), { recursive: true });
  writeFileSync(path.join(dir, 'services', 'decks', 'index.html'), '<h1>Decks</h1>');
  return dir;
}

/**
 * A homeowner lands from a Facebook ad, follows a plain link and sends the plain form before any
 * script ran: the server kept the ad in a first-party cookie as it served the prerendered page.
 */
describe.each(testDatabases)('the campaign cookie on $kind', (testDb) => {
  const app = serveTestApp(testDb, {
    label: 'campaign-cookie',
    apps: [{ site: staticSite(tinyBuild()), rateLimitPerMinute: 0 }],
  });

  const landing = '/?utm_source=facebook&utm_campaign=spring-decks';
  const cookieOf = (response: Response) =>
    response.headers.getSetCookie().find((c) => c.startsWith(`${campaignCookieName}=`));

  it('is set by the static site on a page with campaign tags: 30 days, HttpOnly, the page as it is', async () => {
    const page = await fetch(`${app.base}${landing}`, { headers: { Referer: 'https://m.facebook.com/' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<a href="/#contact">Get Free Quote</a>');
    const cookie = cookieOf(page)!;
    expect(cookie).toMatch(/; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
    // Only this visitor's answer carries it: no shared cache keeps it.
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(campaignFromCookie(cookie.split(';')[0])).toMatchObject({
      first: { landingPage: landing, utm_source: 'facebook', utm_campaign: 'spring-decks', referrer: 'm.facebook.com' },
    });

    const plain = await fetch(`${app.base}/services/decks`);
    expect(cookieOf(plain)).toBeUndefined();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('lets the plain form post record Facebook / spring-decks and the landing page', async () => {
    const cookie = cookieOf(await fetch(`${app.base}${landing}`))!.split(';')[0]!;
    const email = 'cookie-campaign@example.com';
    // Get Free Quote is /#contact: the form's page is the home page without the ad's tags.
    const posted = await fetch(`${app.base}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Referer: `${app.base}/` },
      body: new URLSearchParams({ ...validQuote, email, leadSource: '' }).toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(200);
    const [request] = await app.database.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
    const [source] = await app.database.db
      .select()
      .from(quoteRequestSources)
      .where(eq(quoteRequestSources.quoteRequestId, request!.id));
    expect(source).toMatchObject({
      source: 'Facebook',
      campaign: 'spring-decks',
      landingPage: landing,
      capturedBy: 'server',
    });
  });

  it('keeps the first arrival when another ad brings the visitor back, and ignores a cookie that is not one', async () => {
    const first = cookieOf(await fetch(`${app.base}${landing}`))!.split(';')[0]!;
    const again = await fetch(`${app.base}/services/decks?utm_source=google&utm_medium=cpc&utm_campaign=fall`, {
      headers: { Cookie: first },
    });
    expect(campaignFromCookie(cookieOf(again)!.split(';')[0])).toMatchObject({
      first: { utm_source: 'facebook', utm_campaign: 'spring-decks' },
      last: {
        utm_source: 'google',
        utm_campaign: 'fall',
        landingPage: '/services/decks?utm_source=google&utm_medium=cpc&utm_campaign=fall',
      },
    });
    expect(campaignFromCookie(`${campaignCookieName}=bm90IGpzb24`)).toBeUndefined();
    expect(
      campaignFromCookie(
        `${campaignCookieName}=${Buffer.from('{"first":{"at":1,"utm_source":"<b>"}}').toString('base64url')}`,
      ),
    ).toBeUndefined();
  });
});
