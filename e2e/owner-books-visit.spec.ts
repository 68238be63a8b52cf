import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { outbox } from './outbox';
import { signInOwner, postQuoteRequest } from './own-server';
import { withJourneyServer } from './journey-server';
import { expectReadsFully } from './reads-fully';
import { expectToastShown, watchToasts } from './toasts';

/**
 * A time agreed on the phone: the owner books the homeowner's visit from the request's page on
 * his phone. A Saturday shows the outside-hours warning before he confirms; he picks a weekday
 * instead and books it; the page says Booked by you, the history has it and it is his first
 * answer. The homeowner's own booking page then shows the visit with Move my visit and Cancel
 * my visit. He cancels it with a reason: her e-mail says he did, why, and where to pick a new time.
 * At 390 px the business's name in the bar and the date in the Day box read in full.
 */
const password = 'mogollon rim at dusk';

/** The Arizona date (`2026-12-08`) `days` from now, moved forward to the weekday `weekday` (0 Sunday). */
function arizonaDate(days: number, weekday: number): string {
  const day = new Date(Date.now() - 7 * 3600_000 + days * 24 * 3600_000);
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

test('the owner books a homeowner’s visit from the request’s page; the homeowner’s page shows it @mobile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await withJourneyServer('owner-books-visit', { password }, async ({ base, journey }) => {
    const name = `Lee Ortiz ${randomBytes(3).toString('hex')}`;
    const id = await postQuoteRequest(base, {
      name,
      phone: '(928) 555-0142',
      email: 'lee@example.com',
      city: 'Payson',
      message: 'Called me back: come Tuesday.',
    });

    await signInOwner(page, `${base}/owner/requests/${id}`, password);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const section = page.getByRole('region', { name: 'Estimate visit' });
    await expect(section).toContainText('Not booked.');
    // The homeowner's booking link is there to copy or text him.
    const bookingLink = section.getByRole('link', { name: /\/visit\// });
    // On the site's own address (SITE_URL): the same path on this test's server.
    const visitPath = new URL((await bookingLink.getAttribute('href'))!).pathname;
    expect(visitPath).toMatch(/^\/visit\/[A-Za-z0-9_-]{43}$/);
    await expect(section.getByRole('button', { name: 'Copy' })).toBeVisible();

    // The bar names the business in full, beside Settings and Sign out.
    const home = page.getByRole('banner').getByRole('link', { name: 'Rim Country Carpentry' });
    await expect(home).toContainText('Rim Country Carpentry');
    await expectReadsFully(home.getByText('Rim Country Carpentry'));
    const nameBox = (await home.getByText('Rim Country Carpentry').boundingBox())!;
    const settingsBox = (await page
      .getByRole('banner')
      .getByRole('link', { name: 'Settings', exact: true })
      .boundingBox())!;
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(settingsBox.x);

    await section.getByRole('button', { name: 'Book a visit' }).click();
    const form = section.getByRole('form', { name: 'Book the visit' });
    // The Day box shows a whole date, empty and filled.
    await expectReadsFully(form.getByLabel('Day'));
    // A Saturday is outside his hours: the page says so before he confirms.
    await form.getByLabel('Day').fill(arizonaDate(8, 6));
    await form.getByLabel('Start time').fill('10:00');
    await expect(form).toContainText('This is outside your hours for visits. It books all the same.');
    // The Tuesday they agreed, in his hours: no warning, and what it will be.
    const tuesday = arizonaDate(8, 2);
    await form.getByLabel('Day').fill(tuesday);
    await expect(form).not.toContainText('outside your hours');
    await expect(form).toContainText(/Tuesday, \w+ \d+, 10:00 – 11:30 AM/);
    await expectReadsFully(form.getByLabel('Day'));
    await page.screenshot({ path: test.info().outputPath('owner-visit-form-390.png') });
    await form.getByLabel('Street address').fill('21 Ponderosa Rd, Payson');
    await expectNoAxeViolations(page);
    await watchToasts(page);
    await form.getByRole('button', { name: 'Book the visit' }).click();

    await expectToastShown(page, 'Visit booked');
    await expect(section).toContainText('Booked by you.');
    await expect(section).toContainText('10:00 – 11:30 AM');
    await expect(section).toContainText('21 Ponderosa Rd, Payson');
    await expect(section.getByRole('button', { name: 'Move the visit' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Cancel the visit' })).toBeVisible();
    // His first answer, and in the request's history.
    await expect(page.getByText(/First answered by booking the visit/)).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText(/Booked by you: visit Tue, \w+ \d+, \d{4}, 10:00 AM/);
    await expect(history).toContainText('Marked Contacted');

    // He cancels it, with a reason for her.
    await section.getByRole('button', { name: 'Cancel the visit' }).click();
    const cancelling = section.getByRole('group', { name: 'Cancel the visit' });
    await cancelling.getByLabel(/Reason for Lee/).fill('A storm is coming in; let us pick a dry day.');
    await expectNoAxeViolations(page);
    await cancelling.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expectToastShown(page, 'Visit cancelled');
    await expect(section).toContainText('Cancelled by you');
    await expect(section).toContainText('Your reason: A storm is coming in; let us pick a dry day.');
    // Her e-mail: who cancelled, why, and her link to pick a new time.
    const cancelMail = async () =>
      (await outbox(journey.env.DATA_DIR!)).find((mail) => mail.subject?.includes('cancelled your estimate visit'));
    await expect.poll(cancelMail, { timeout: 30_000 }).toBeDefined();
    const mail = (await cancelMail())!;
    expect(mail.subject).toBe('Dale Hartman cancelled your estimate visit – Rim Country Carpentry');
    expect(mail.text).toMatch(/Dale Hartman of Rim Country Carpentry cancelled your estimate visit on Tuesday, /);
    expect(mail.text).toContain('Reason: A storm is coming in; let us pick a dry day.');
    expect(mail.text).toMatch(new RegExp(`Pick a new time that suits you on your booking page:\\n\\S+${visitPath}\\n`));
    await page.getByRole('heading', { level: 1, name }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('owner-request-390.png') });

    // He books it again; her page below shows it.
    await section.getByRole('button', { name: 'Book a visit' }).click();
    await form.getByLabel('Day').fill(tuesday);
    await form.getByLabel('Start time').fill('10:00');
    await form.getByRole('button', { name: 'Book the visit' }).click();
    // The first booking's toast is among those seen already: the section says when this one is in.
    await expect(section).toContainText('Booked by you.');
    await expect(section).not.toContainText('Cancelled by you');

    // The homeowner opens his link: the visit, with his ways to move or cancel it, on the first screen.
    await page.goto(`${base}${visitPath}`);
    await expect(page.getByRole('heading', { name: 'Your estimate visit is booked' })).toBeVisible();
    await expect(page.getByText('21 Ponderosa Rd, Payson').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Move my visit' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Cancel my visit' })).toBeInViewport();
  });
});
