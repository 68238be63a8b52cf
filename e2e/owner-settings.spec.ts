import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { business } from '../shared/content/business';
import { prerenderPaths } from '../shared/routes';
import { pageTitle } from '../server/http/share-images';
import { shareImageJpeg, shareImageSvg, shareSubtitle } from '../server/services/text/page-share-image';
import { signInOwner, postQuoteRequest } from './own-server';
import { withJourneyServer, withServersOnOneDatabase, within10s } from './journey-server';
import { sendQuoteForm } from './quote-form';
import { outbox } from './outbox';

/**
 * The owner puts in his own phone number: at 390 px he opens Settings from the owner's header,
 * types the number and presses Save details. Within 10 s every page, on this server and on a
 * second server process on the same Postgres database, shows it (the visible text, the `tel:`
 * links, the JSON-LD telephone) and none shows the sample number, loaded directly and after the
 * app's own navigation; the confirmation e-mail of a quote request sent afterwards carries it, and
 * the home page's link preview is an image drawn with it, not the build's. Without a Postgres
 * server (E2E_DATABASE_URL or the local test server) the one server on its embedded database.
 */
const password = 'mogollon rim at dusk';
const newPhone = { typed: '928-474-2210', display: '(928) 474-2210', e164: '+19284742210' };
const old = { display: business.phoneDisplay, e164: business.phoneE164 };

const html = async (base: string, pathname: string) => (await fetch(`${base}${pathname}`)).text();

/** A page's HTML shows the new phone as text, in its tel: links and in its JSON-LD, and never the old one. */
function expectNewPhone(page: string, where: string) {
  expect(page, where).toContain(newPhone.display);
  expect(page, where).toContain(`href="tel:${newPhone.e164}"`);
  for (const [, json] of page.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)) {
    const phones = [...json!.matchAll(/"telephone":"([^"]*)"/g)].map((m) => m[1]);
    for (const phone of phones) expect(phone, where).toBe(newPhone.e164);
  }
  expect(page, where).not.toContain(old.display);
  expect(page, where).not.toContain(old.e164);
}

const ogImage = (page: string) => /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];

/** What a visitor sees and can tap on the page now: the new phone only. */
async function expectNewPhoneOnScreen(page: Page, where: string) {
  await expect(page.locator('body'), where).toContainText(newPhone.display);
  await expect(page.locator('body'), where).not.toContainText(old.display);
  const tels = await page.locator('a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(tels.length, where).toBeGreaterThan(0);
  for (const tel of tels) expect(tel, where).toBe(`tel:${newPhone.e164}`);
}

test('the owner changes the phone number; every page of both servers shows it within 10 s, as do the e-mails and the link preview @mobile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const options = { password, env: { CONTENT_CHECK_SECONDS: '1' }, withoutPostgres: 'one server' as const };
  await withServersOnOneDatabase('owner-settings', options, async ({ base, servers, env }) => {
    const builtHome = await html(base, '/');
    expect(builtHome).toContain(old.display);
    const builtImage = ogImage(builtHome)!;
    expect(new URL(builtImage).pathname).toBe('/img/og/home.jpg');
    const builtImageBytes = Buffer.from(await (await fetch(`${base}/img/og/home.jpg`)).arrayBuffer());

    await signInOwner(page, `${base}/owner`, password);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Business details' })).toBeVisible();
    await page.getByLabel('Phone').fill(newPhone.typed);
    await page.screenshot({ path: test.info().outputPath('settings-390.png'), fullPage: true, scale: 'css' });
    await page.getByRole('button', { name: 'Save details' }).click();
    // The answer comes once this server has rendered its pages again (a few seconds; more on a busy machine).
    await expect(page.getByText('Details saved').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel('Phone')).toHaveValue(newPhone.display);

    // Every page, loaded directly, on every server.
    for (const { base } of servers) {
      await within10s(async () => expectNewPhone(await html(base, '/'), `${base}/`));
      // The pages, and the not-found pages an unknown address gets.
      for (const pathname of [...prerenderPaths, '/no-such-page', '/services/no-such-service'])
        expectNewPhone(await html(base, pathname), `${base}${pathname}`);
    }

    // The home page's link preview: a new address, an image drawn with the new phone, not the build's.
    for (const { base } of servers) {
      const image = ogImage(await html(base, '/'))!;
      expect(new URL(image).pathname).toBe(`/img/og/home.${newPhone.e164.slice(1)}.jpg`);
      const response = await fetch(`${base}${new URL(image).pathname}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
      expect(bytes.equals(builtImageBytes)).toBe(false);
      // Exactly the picture the build's own function draws for the home page with the new phone.
      const drawn = await shareImageJpeg(
        await shareImageSvg(
          pageTitle(await html(base, '/'))!,
          shareSubtitle({ ...business, phoneDisplay: newPhone.display }),
          await readFile('dist/client/img/brand/logo.svg', 'utf8'),
        ),
      );
      expect(bytes.equals(drawn)).toBe(true);
    }
    // The build's picture under its own address stays as it was (no cache holds a changed one there).
    expect(Buffer.from(await (await fetch(`${base}/img/og/home.jpg`)).arrayBuffer()).equals(builtImageBytes)).toBe(
      true,
    );

    // Loaded directly and after the app's own navigation, in the browser, on the other server.
    const visitor = servers.at(-1)!;
    await page.goto(`${visitor.base}/`);
    await expectNewPhoneOnScreen(page, 'home, loaded');
    await page.screenshot({ path: test.info().outputPath('home-390.png'), scale: 'css' });
    for (const [link, pathname] of [
      ['Decks', '/services/decks'],
      ['Privacy Policy', '/privacy'],
    ] as const) {
      await page.goto(`${visitor.base}/`);
      // Once the first page is quiet the app's router is in; the marker tells a reload apart.
      await expect(page.locator('html[data-router="ready"]')).toBeAttached({ timeout: 20_000 });
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.locator('footer').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(`${visitor.base}${pathname}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await expectNewPhoneOnScreen(page, `${link}, after the app's navigation`);
      const structured = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ''));
      for (const json of structured) expect(json).not.toContain(old.e164);
    }
    await page.screenshot({ path: test.info().outputPath('after-navigation-390.png'), fullPage: true, scale: 'css' });

    // A homeowner asks for a quote now: the confirmation names the new phone.
    const name = `Lee Ortiz ${randomBytes(3).toString('hex')}`;
    await sendQuoteForm(page, visitor.base, {
      name,
      phone: '(928) 474-0199',
      email: 'lee@example.com',
      projectType: 'Deck',
      city: 'Pine',
      budgetRange: '$10,000 - $25,000',
    });
    await expectNewPhoneOnScreen(page, 'the confirmation on the page');
    let confirmation: ParsedMail | undefined;
    await expect(async () => {
      const mails = await outbox(env.DATA_DIR!);
      confirmation = mails.find((mail) => mail.subject?.startsWith('We received your quote request'));
      expect(confirmation).toBeDefined();
    }).toPass({ timeout: 15_000 });
    expect(confirmation!.text).toContain(newPhone.display);
    expect(confirmation!.text).not.toContain(old.display);
    expect(String(confirmation!.html)).toContain(`tel:${newPhone.e164}`);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${visitor.base}/`);
    await page.screenshot({ path: test.info().outputPath('home-1280.png'), scale: 'css' });
  });
});

/**
 * The owner's mail goes where he says. At 390 px he opens Settings: the E-mail shows the address his
 * mail comes to (OWNER_EMAIL, as the site was set up), he types his own, gives his password, types
 * his licence as its six digits, which reads back as `ROC 312456`, and saves. The address the site
 * was set up with is told of the change; from then on a new request's alert and a reset link asked
 * for on the sign-in page go to his new address, which the page names masked.
 */
test('the owner saves his own e-mail and licence number; his alerts and reset links go there from then on @mobile', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const setUpWith = 'owner@rimcountrycarpentry.example';
  const his = 'dale@rimcountry.com';
  await withJourneyServer(
    'owner-settings-email',
    { password, mail: true, env: { OWNER_EMAIL: setUpWith } },
    async ({ base, smtp }) => {
      const arrived = async (subject: string) => {
        await expect.poll(() => smtp.withSubject(subject).length, { timeout: 20_000 }).toBe(1);
        return smtp.withSubject(subject)[0]!;
      };
      await signInOwner(page, `${base}/owner`, password);
      await page.getByRole('link', { name: 'Settings' }).click();
      const email = page.getByLabel('E-mail', { exact: true });
      await expect(email).toHaveValue(setUpWith);
      await email.fill(his);
      const licence = page.getByLabel('ROC licence number');
      await licence.fill('312456');
      await licence.blur();
      await expect(licence).toHaveValue('ROC 312456');
      await expect(page.getByText(`${setUpWith} is told of the change.`)).toBeVisible();
      await page.getByLabel('Current password').fill(password);
      await page.screenshot({ path: test.info().outputPath('settings-email-390.png'), fullPage: true, scale: 'css' });
      await page.getByRole('button', { name: 'Save details' }).click();
      await expect(page.getByText('Details saved').first()).toBeVisible({ timeout: 60_000 });
      await expect(licence).toHaveValue('ROC 312456');
      await expect(email).toHaveValue(his);
      await expect(page.getByLabel('Current password')).toBeHidden();

      const notice = await arrived('The e-mail address of your website was changed');
      expect(notice.to).toMatchObject({ text: setUpWith });
      expect(notice.text).toContain(`from ${setUpWith} to ${his}`);

      // A homeowner's request: the alert comes to his address.
      await postQuoteRequest(base, {
        name: 'Lee Ortiz',
        phone: '(928) 474-0199',
        email: 'lee@example.com',
        budgetRange: 'Not sure yet',
      });
      const alert = await arrived('New quote: Deck in Pine (Lee Ortiz)');
      expect(alert.to).toMatchObject({ text: his });

      // Forgot the password? on another phone: the page names his address masked, and the link goes there.
      const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      await phone.goto(`${base}/owner`);
      await phone.getByRole('button', { name: 'Forgot the password?' }).click();
      await expect(phone.getByRole('status')).toHaveText(
        'A link to set a new password is on its way to d•••@rimcountry.com. It works once, for 30 minutes.',
      );
      const link = await arrived('Set a new password for the Rim Country Carpentry inbox');
      expect(link.to).toMatchObject({ text: his });
      await phone.context().close();
      expect(smtp.received.filter((mail) => JSON.stringify(mail.to).includes(setUpWith))).toHaveLength(1);
    },
  );
});
