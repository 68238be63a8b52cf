import express from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { emptySiteContent, type SiteContent } from '@shared/content/site-content';
import type { BusinessDetailsForm } from '@shared/schemas/business-details';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { quickPasswordHash, setupTimeout } from '../test/http';
import { errorHandler } from './error-handler';
import { plainQuotePage } from './quote-page';

/**
 * The pages a homeowner reaches from our e-mails (booking, review, estimate), the quote form's
 * answer without scripts and the "try again" text while the database is away: each shows the
 * phone, e-mail and licence the owner saved in /owner/settings, never shared/content/business.ts's.
 */
const password = 'ponderosa pine at noon';
const jsonHeaders = { 'Content-Type': 'application/json' };
const saved = { phoneDisplay: '(928) 468-1234', phoneE164: '+19284681234', rocLicense: 'ROC 123456' };
const details: BusinessDetailsForm = {
  phone: '928-468-1234',
  email: business.email,
  rocLicense: 'roc123456',
  googleReviewUrl: 'https://g.page/r/CbQx1aZ9rK2mEBM/review',
  hours: Array.from({ length: 7 }, (_, day) =>
    day < 5 ? { closed: false, open: '07:00', close: '16:00' } : { closed: true, open: '', close: '' },
  ),
  musicSiteUrl: 'https://hartmanfamilyband.com/',
  songVideoUrl: 'https://www.youtube.com/watch?v=abc123',
};

/** The saved phone as text and `tel:` link and the saved licence; none of the defaults. */
function expectSavedDetails(html: string) {
  expect(html).toContain(saved.phoneDisplay);
  expect(html).toContain(`href="tel:${saved.phoneE164}"`);
  expect(html).not.toContain(business.phoneDisplay);
  expect(html).not.toContain(business.phoneE164);
}

const unknownToken = 'a'.repeat(43);

describe.each(testDatabases)('the homeowner’s pages with saved details on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'homeowner-business', apps: [{}] });
  const site = app.servers[0]!;

  beforeAll(async () => {
    await setOwnerPassword(app.database.transaction, password, quickPasswordHash);
    const signIn = await fetch(`${site.base}/api/owner/session`, {
      method: 'POST',
      headers: { ...jsonHeaders, Origin: site.base },
      body: JSON.stringify({ password }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const save = await fetch(`${site.base}/api/owner/settings`, {
      method: 'PUT',
      headers: { ...jsonHeaders, Cookie: cookie, Origin: site.base },
      body: JSON.stringify(details),
    });
    expect(save.status).toBe(200);
  }, setupTimeout);

  it('the booking page of a link that does not work', async () => {
    const page = await fetch(`${site.base}/visit/${unknownToken}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain('Call or text us at');
    expectSavedDetails(html);
    expect(html).toContain(saved.rocLicense);
    expect(html).not.toContain(business.rocLicense);
  });

  it('the review page of a link that does not work', async () => {
    const page = await fetch(`${site.base}/review/${unknownToken}`);
    const html = await page.text();
    expect(html).toContain('This review link does not work');
    expectSavedDetails(html);
  });

  it('the estimate page of a link that does not work', async () => {
    const page = await fetch(`${site.base}/estimate/${unknownToken}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expectSavedDetails(html);
    expect(html).toContain(saved.rocLicense);
  });

  it('the quote form’s answer without scripts', async () => {
    const page = await fetch(`${site.base}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.base },
      body: 'name=&phone=',
    });
    expect(page.status).toBe(400);
    expectSavedDetails(await page.text());
  });
});

describe('the message while the database is away', () => {
  it('names the phone the site shows now', async () => {
    const content: SiteContent = {
      ...emptySiteContent,
      business: {
        ...saved,
        email: business.email,
        googleReviewUrl: details.googleReviewUrl,
        hours: [],
        musicSiteUrl: '',
        songVideoUrl: '',
      },
    };
    const server = express();
    server.locals.siteContent = () => content;
    server.get('/x', () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    server.use(errorHandler);
    const listening = server.listen(0);
    try {
      const { port } = listening.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/x`);
      expect(answer.status).toBe(503);
      const { error } = (await answer.json()) as { error: string };
      expect(error).toContain(saved.phoneDisplay);
      expect(error).not.toContain(business.phoneDisplay);
    } finally {
      listening.close();
    }
  });

  it('the bare answer page, when the site’s own cannot be rendered, too', () => {
    const html = plainQuotePage({ notice: 'x' }, { ...business, ...saved });
    expectSavedDetails(html);
  });
});
