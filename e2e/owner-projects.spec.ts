import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { phonePhoto } from '../server/test/http';
import { signInOwner } from './own-server';
import { withJourneyServer, withServersOnOneDatabase, within10s } from './journey-server';

/**
 * The owner shows new work from his phone: on /owner at 390 px he signs in, opens Projects, fills
 * in a new project with two phone photos (JPEGs with the GPS position in their EXIF) and
 * publishes it; within 10 s the gallery, the home page and the project's own page show it as
 * HTML (fetched without scripts), on this server and on a second server process on the same
 * Postgres database, and no image on those pages carries EXIF or GPS. Unpublish takes it off both
 * within 10 s. Needs Postgres (two processes cannot share the embedded database): the suite's
 * (E2E_DATABASE_URL) or the local test server; skipped without one.
 */
const password = 'tonto creek at first light';
const html = async (base: string, pathname: string) => {
  const response = await fetch(`${base}${pathname}`);
  return { status: response.status, text: await response.text() };
};

test('the owner publishes a project from his phone; both servers show it within 10 s, and take it back @mobile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const options = { password, env: { CONTENT_CHECK_SECONDS: '1' }, withoutPostgres: 'skip' as const };
  await withServersOnOneDatabase('owner-projects', options, async ({ servers: [one, two] }) => {
    // Without owner projects: the built-in six.
    expect((await html(two.base, '/gallery')).text).toContain('See 6 before-and-after');

    await signInOwner(page, `${one.base}/owner`, password);
    await page.getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await page.getByRole('link', { name: 'New project' }).click();
    await expect(page.getByRole('heading', { name: 'New project' })).toBeVisible();

    const title = `Porch Deck Rebuilt ${randomBytes(2).toString('hex')}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Service').selectOption({ label: 'Decks' });
    await page.getByLabel('Area').selectOption({ label: 'Pine' });
    await page.getByLabel('Before photo', { exact: true }).setInputFiles({
      name: 'IMG_1001.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto({ width: 2000, height: 1500, colour: '#6b4a2b' }),
    });
    await page.getByLabel('After photo', { exact: true }).setInputFiles({
      name: 'IMG_1002.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto({ width: 2000, height: 1500, colour: '#c89b5e' }),
    });
    await expect(page.getByText('Photo added.')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByLabel('Describe the before photo')).toHaveValue(`${title}: before`);
    await page.getByLabel('What was wrong').fill('Soft boards and a loose railing after years of snow.');
    await page.getByLabel('What we did').fill('New joists, decking and a solid railing.');
    await page.screenshot({ path: test.info().outputPath('form-390.png'), fullPage: true, scale: 'css' });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('link', { name: /See it on the site/ })).toBeVisible({ timeout: 20_000 });
    const href = await page.getByRole('link', { name: /See it on the site/ }).getAttribute('href');
    expect(href).toMatch(/^\/gallery\/porch-deck-rebuilt-/);
    await page.screenshot({ path: test.info().outputPath('project-390.png'), fullPage: true, scale: 'css' });

    for (const base of [one.base, two.base]) {
      await within10s(async () => {
        expect((await html(base, '/gallery')).text).toContain(title);
        expect((await html(base, '/')).text).toContain(title);
        const own = await html(base, href!);
        expect(own.status).toBe(200);
        expect(own.text).toContain(`<h1 id="project-title"`);
      });
    }

    // Every image of those pages is free of EXIF and GPS.
    const own = (await html(two.base, href!)).text;
    const images = new Set((own + (await html(two.base, '/gallery')).text).match(/\/img\/projects\/[\w.-]+/g) ?? []);
    expect(images.size).toBeGreaterThan(6);
    for (const image of images) {
      const response = await fetch(`${two.base}${image}`);
      expect(response.status, image).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, image).toBeUndefined();
      expect(bytes.includes('PhoneMaker'), image).toBe(false);
    }
    await page.goto(`${two.base}${href}`);
    await page.screenshot({ path: test.info().outputPath('public-page-390.png'), fullPage: true, scale: 'css' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('public-page-1280.png'), scale: 'css' });
    await page.goto(`${two.base}/gallery`);
    await page.screenshot({ path: test.info().outputPath('gallery-1280.png'), fullPage: true, scale: 'css' });
    await page.goto(`${one.base}/owner/projects`);
    await page.screenshot({ path: test.info().outputPath('projects-1280.png'), scale: 'css' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: new RegExp(title) }).click();

    await page.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    for (const base of [one.base, two.base]) {
      await within10s(async () => {
        expect((await html(base, '/gallery')).text).not.toContain(title);
        expect((await html(base, '/')).text).not.toContain(title);
        expect((await html(base, href!)).status).toBe(404);
      });
    }
  });
});

test('a project written on a bad connection loses nothing: a failed photo is retried, a reload keeps the form, a draft is edited and published @mobile', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await withJourneyServer('project-drafts', { password, env: { CONTENT_CHECK_SECONDS: '1' } }, async ({ base }) => {
    await signInOwner(page, `${base}/owner`, password);
    await page.getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('link', { name: 'New project' }).click();

    const title = `Deck Stairs ${randomBytes(2).toString('hex')}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Service').selectOption({ label: 'Decks' });
    await page.getByLabel('Area').selectOption({ label: 'Other' });
    await page.getByLabel('Town').fill('Star Valley');

    // The connection drops as the before photo goes: the owner is told, and Retry sends it.
    await context.setOffline(true);
    await page.getByLabel('Before photo', { exact: true }).setInputFiles({
      name: 'IMG_2001.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto({ colour: '#5a4030' }),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'The photo could not be sent. Check the connection and tap Retry.',
    );
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Photo added.')).toHaveCount(1, { timeout: 30_000 });

    // A reload (the phone dropped the tab) keeps everything typed and the photo sent.
    await page.reload();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Town')).toHaveValue('Star Valley');
    await expect(page.getByLabel('Describe the before photo')).toHaveValue(`${title}: before`);
    await expect(page.getByText('Photo added.')).toHaveCount(1);

    // Saved as a draft: the owner's, not the site's.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    const content = async () =>
      (await (await fetch(`${base}/api/site-content`)).json()) as { projects: { title: string }[] };
    expect((await content()).projects).toEqual([]);

    // Later: Edit, the after photo and the story, Publish.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Town')).toHaveValue('Star Valley');
    await page.getByLabel('After photo', { exact: true }).setInputFiles({
      name: 'IMG_2002.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto({ colour: '#b88a50' }),
    });
    await expect(page.getByText('Photo added.')).toHaveCount(2, { timeout: 30_000 });
    await page.getByLabel('What was wrong').fill('The stairs had pulled away from the deck.');
    await page.getByLabel('What we did').fill('New stringers, treads and a handrail.');
    await page.getByRole('button', { name: 'Publish' }).click();
    const onSite = page.getByRole('link', { name: /See it on the site/ });
    await expect(onSite).toBeVisible({ timeout: 20_000 });
    const href = (await onSite.getAttribute('href'))!;
    await expect(async () => {
      const response = await fetch(`${base}${href}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain(title);
      expect(text).toContain('Star Valley');
    }).toPass({ timeout: 10_000, intervals: [250] });
  });
});
