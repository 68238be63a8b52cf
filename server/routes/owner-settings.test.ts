import { describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import type { SiteContent } from '@shared/content/site-content';
import type { BusinessDetailsForm } from '@shared/schemas/business-details';
import { siteSettings } from '../db/schema';
import { bumpContentVersion } from '../services/site-content/content-version';
import { ownerContactEmail } from '../services/settings/site-settings';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { jsonHeaders, ownerPassword, signedInOwner } from '../test/owner-session';

const week = (open: string, close: string): BusinessDetailsForm['hours'] => [
  ...Array.from({ length: 5 }, () => ({ closed: false, open, close })),
  { closed: false, open: '08:00', close: '12:00' },
  { closed: true, open: '', close: '' },
];

const details: BusinessDetailsForm = {
  phone: '928-468-1234',
  email: business.email,
  // The six digits alone, as he may type them.
  rocLicense: '123456',
  googleReviewUrl: 'https://g.page/r/CbQx1aZ9rK2mEBM/review',
  hours: week('07:30', '16:30'),
  musicSiteUrl: 'https://hartmanfamilyband.com/',
  songVideoUrl: 'https://www.youtube.com/watch?v=abc123',
};

describe.each(testDatabases)('the owner’s settings on $kind', (testDb) => {
  const emailChanges: { previous: string; next: string }[] = [];
  const app = serveTestApp(testDb, {
    label: 'owner-settings',
    apps: [{ onOwnerEmailChanged: (change) => void emailChanges.push(change) }],
  });
  const site = app.servers[0]!;
  const { call } = signedInOwner(app);
  const save = (body: unknown) =>
    call('/settings', { method: 'PUT', body: JSON.stringify(body), headers: jsonHeaders });
  const siteContent = async (base: string) =>
    (await (await fetch(`${base}/api/site-content`)).json()) as SiteContent & { version: number };

  it('is only for the signed-in owner', async () => {
    expect((await call('/settings', { signedIn: false })).status).toBe(401);
    expect((await call('/settings', { method: 'PUT', body: '{}', signedIn: false, headers: jsonHeaders })).status).toBe(
      401,
    );
  });

  it('shows the details of shared/content/business.ts until he saves his own', async () => {
    const answer = (await (await call('/settings')).json()) as { saved: boolean; details: { phoneDisplay: string } };
    expect(answer.saved).toBe(false);
    expect(answer.details.phoneDisplay).toBe(business.phoneDisplay);
    expect(await ownerContactEmail(app.database.db)).toBe(business.email);
  });

  const launchItems = async () =>
    ((await (await call('/launch')).json()) as { items: { id: string; href: string | null }[] }).items;

  it('lists the placeholder details before going live, each linking to the settings', async () => {
    const items = await launchItems();
    expect(items.map((item) => item.id)).toEqual(
      expect.arrayContaining(['phone', 'email', 'roc', 'google-review', 'music-site', 'song-video']),
    );
    expect(items.filter((item) => item.href === '/owner/settings')).toHaveLength(6);
  });

  it('refuses a review link on another host, a foreign phone and a bad licence, each with a clear message, and saves nothing', async () => {
    const before = await siteContent(site.base);
    const cases: [Partial<BusinessDetailsForm>, string, RegExp][] = [
      [{ googleReviewUrl: 'https://evil.example/r/review' }, 'googleReviewUrl', /g\.page/],
      [{ googleReviewUrl: 'https://g.page.evil.example/r/x' }, 'googleReviewUrl', /Google/],
      [{ googleReviewUrl: 'http://g.page/r/x/review' }, 'googleReviewUrl', /https:\/\/g\.page/],
      [{ googleReviewUrl: 'https://www.google.com/maps' }, 'googleReviewUrl', /writereview/],
      [{ phone: '+44 20 7946 0958' }, 'phone', /US phone number/],
      [{ phone: '555' }, 'phone', /US phone number/],
      [{ rocLicense: 'ROC 12345' }, 'rocLicense', /six digits/],
      [{ email: 'not an address' }, 'email', /e-mail address/],
      [{ musicSiteUrl: 'javascript:alert(1)' }, 'musicSiteUrl', /https/],
    ];
    for (const [change, field, message] of cases) {
      const response = await save({ ...details, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
      expect(body.fieldErrors[field]?.[0]).toMatch(message);
    }
    const after = await siteContent(site.base);
    expect(after.version).toBe(before.version);
    expect(after.business).toBeNull();
  });

  it('saves the details as shown and as E.164, and the site and the review link follow at once', async () => {
    const response = await save(details);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { saved: boolean; details: Record<string, unknown> };
    expect(answer.saved).toBe(true);
    expect(answer.details).toMatchObject({
      phoneDisplay: '(928) 468-1234',
      phoneE164: '+19284681234',
      rocLicense: 'ROC 123456',
    });
    expect((await siteContent(site.base)).business).toMatchObject({ phoneE164: '+19284681234' });
    const review = await fetch(`${site.base}/r/anytoken123`, { redirect: 'manual' });
    expect(review.status).toBe(302);
    expect(review.headers.get('location')).toBe(details.googleReviewUrl);
  });

  it('sends /r/<token> only to Google, even when the database holds another link', async () => {
    await app.database.transaction(async (tx) => {
      await tx.update(siteSettings).set({ googleReviewUrl: 'https://evil.example/review' });
      await bumpContentVersion(tx);
    });
    // A save through the app refreshes its snapshot; here a change of the version under it: its own check.
    await save({ ...details, googleReviewUrl: 'https://search.google.com/local/writereview?placeid=ChIJ123' });
    const saved = await fetch(`${site.base}/r/anytoken123`, { redirect: 'manual' });
    expect(saved.headers.get('location')).toBe('https://search.google.com/local/writereview?placeid=ChIJ123');
    await app.database.transaction(async (tx) => {
      await tx.update(siteSettings).set({ googleReviewUrl: 'https://evil.example/review' });
      await bumpContentVersion(tx);
    });
    await call('/settings/sample-projects', {
      method: 'PUT',
      body: JSON.stringify({ hidden: false }),
      headers: jsonHeaders,
    });
    const tampered = await fetch(`${site.base}/r/anytoken123`, { redirect: 'manual' });
    expect(tampered.status).toBe(302);
    expect(new URL(tampered.headers.get('location')!).hostname).toBe('search.google.com');
    await save(details);
  });

  it('asks for the current password to change the e-mail, and tells the old address', async () => {
    const next = { ...details, email: 'dale@rimcountry.com' };
    const without = await save(next);
    expect(without.status).toBe(403);
    expect(((await without.json()) as { error: string }).error).toMatch(/password/);
    const wrong = await save({ ...next, currentPassword: 'not my password at all' });
    expect(wrong.status).toBe(403);
    expect(await ownerContactEmail(app.database.db)).toBe(business.email);
    expect(emailChanges).toEqual([]);

    const right = await save({ ...next, currentPassword: ownerPassword });
    expect(right.status).toBe(200);
    expect(await ownerContactEmail(app.database.db)).toBe('dale@rimcountry.com');
    expect(emailChanges).toEqual([{ previous: business.email, next: 'dale@rimcountry.com' }]);
    // The same address again needs no password.
    expect((await save({ ...next, phone: '(928) 468-9999' })).status).toBe(200);
    // Every detail is his own now: none is left on the launch list.
    expect((await launchItems()).filter((item) => item.href)).toEqual([]);
  });

  it('hides the sample projects and brings them back', async () => {
    const hide = await call('/settings/sample-projects', {
      method: 'PUT',
      body: JSON.stringify({ hidden: true }),
      headers: jsonHeaders,
    });
    expect(((await hide.json()) as { hideSampleProjects: boolean }).hideSampleProjects).toBe(true);
    expect((await siteContent(site.base)).hideSampleProjects).toBe(true);
    await call('/settings/sample-projects', {
      method: 'PUT',
      body: JSON.stringify({ hidden: false }),
      headers: jsonHeaders,
    });
    expect((await siteContent(site.base)).hideSampleProjects).toBe(false);
  });
});
