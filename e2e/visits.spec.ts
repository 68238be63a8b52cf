import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { expectNoAxeViolations } from './axe';
import { outbox } from './outbox';
import { signInOwner } from './own-server';
import { withJourneyServer } from './journey-server';
import { sendQuoteForm } from './quote-form';
import { expectReadsFully } from './reads-fully';

/**
 * The estimate visit, as a homeowner books it on his phone right after sending a request: the
 * confirmation offers the booking page, he picks the second window and gives the address, the
 * e-mail's invitation parses and starts at that window, the owner's calendar feed lists it; he
 * moves it, then cancels it, and the window is offered again. And twenty homeowners who pick one
 * window at the same moment: one gets it.
 */
const password = 'tonto creek in october';

test('a homeowner books, moves and cancels the estimate visit on his phone; the owner’s calendar has it @mobile', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await withJourneyServer('visits', { password }, async ({ base, journey }) => {
    const name = `Kim Reyes ${randomBytes(3).toString('hex')}`;
    await sendQuoteForm(page, base, {
      name,
      phone: '(928) 555-0188',
      email: 'kim@example.com',
      projectType: 'Deck',
      city: 'Star Valley',
      budgetRange: '$10,000 - $25,000',
    });

    await page.getByRole('link', { name: 'Pick a time for your free on-site estimate' }).click();
    await expect(page.getByRole('heading', { name: 'Pick a time for your free on-site estimate' })).toBeVisible();
    const visitPath = new URL(page.url()).pathname;
    expect(visitPath).toMatch(/^\/visit\/[A-Za-z0-9_-]{43}$/);
    await expectNoAxeViolations(page);
    // One day at a time: the page before a time is picked fits in two screens.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(2 * 844);

    // He opens the second day (one day shows at a time) and picks its second window.
    const days = page.locator('details.day');
    await days.nth(1).locator('summary').click();
    await expect(days.nth(1)).toHaveAttribute('open', '');
    await expect(days.nth(0)).not.toHaveAttribute('open', '');
    const radios = page.getByRole('radio');
    const second = radios.nth(1);
    const secondStart = (await second.getAttribute('value'))!;
    expect(secondStart).toMatch(/-07:00$/);
    await page.getByLabel('Street address of the visit').fill('14 Juniper Ln, Star Valley');
    await second.check();
    // Three weeks of times make a long page: the button is on the screen wherever the picked time is.
    await expect(page.getByRole('button', { name: 'Book this time' })).toBeInViewport();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.getByRole('heading', { name: 'Your estimate visit is booked' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('We sent the details and a calendar invitation');
    // The first screen shows the visit with both ways to change it.
    await expect(page.getByRole('link', { name: 'Move my visit' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Cancel my visit' })).toBeInViewport();
    await expect(page.getByText('14 Juniper Ln, Star Valley')).toBeVisible();

    // The e-mail's invitation parses and starts at the window picked.
    const bookedMail = async () =>
      (await outbox(journey.env.DATA_DIR!)).find((m) => m.subject?.startsWith('Your estimate visit is booked'));
    await expect.poll(bookedMail, { timeout: 30_000 }).toBeDefined();
    const booked = (await bookedMail())!;
    expect(booked.text).toContain('14 Juniper Ln, Star Valley');
    expect(booked.text).toContain(visitPath);
    // What to expect, and the links to move or cancel it (the booking page does both).
    expect(booked.text).toContain('What to expect:');
    expect(booked.text).toContain('Allow up to 90 minutes. The visit is free, with no obligation.');
    expect(booked.text).toMatch(new RegExp(`To reschedule or cancel: https?://\\S+${visitPath}\\n`));
    const invite = booked.attachments.find((a) => a.contentType.startsWith('text/calendar'))!;
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(invite.content.toString('utf8'))).getFirstSubcomponent('vevent')!,
    );
    expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(secondStart));

    // The owner: the visit in Upcoming visits and on the request, and in his calendar feed.
    const ownerPhone = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const owner = await ownerPhone.newPage();
    await signInOwner(owner, `${base}/owner`, password);
    // Her booking is not his answer: the row stays New, waiting for him, and shows the visit.
    const row = owner.getByRole('list', { name: 'Quote requests' }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('New');
    await expect(row).toContainText(/Waiting/);
    await expect(row).toContainText(/Visit [A-Z][a-z]{2}, [A-Z][a-z]{2} \d+, \d+:\d{2} [AP]M/);
    await expect(row).not.toContainText('Contacted');
    await owner.getByRole('link', { name: 'Visits' }).click();
    const upcoming = owner.getByRole('region', { name: 'Upcoming visits' });
    await expect(upcoming).toContainText(name);
    await expect(upcoming).toContainText('14 Juniper Ln, Star Valley');
    await expectNoAxeViolations(owner);
    const feedUrl = await owner.getByLabel('Calendar address').inputValue();
    expect(feedUrl).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feedPath = new URL(feedUrl).pathname;
    const feed = await (await request.get(`${base}${feedPath}`)).text();
    expect(feed).toContain(name);
    expect(feed).toContain('(928) 555-0188');
    await owner.getByRole('link', { name }).click();
    await expect(owner.getByRole('region', { name: 'Estimate visit' })).toContainText('14 Juniper Ln');
    await expect(owner.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(owner.getByLabel('Status', { exact: true })).toHaveValue('new');

    // He moves it to the fourth window of the third day…
    await page.getByRole('link', { name: 'Move my visit' }).click();
    await page.locator('#move details.day').nth(2).locator('summary').click();
    const moveTo = page.getByRole('radio').nth(3);
    const movedStart = (await moveTo.getAttribute('value'))!;
    await moveTo.check();
    await page.getByRole('button', { name: 'Move my visit to this time' }).click();
    await expect(page.getByRole('status')).toContainText('Your visit was moved');
    // …the window he had is offered again…
    await expect(page.locator(`input[type="radio"][value="${secondStart}"]`)).toHaveCount(1);
    await expect(page.locator(`input[type="radio"][value="${movedStart}"]`)).toHaveCount(0);
    // …and then cancels it: asked once, in a dialog.
    await page.getByRole('link', { name: 'Cancel my visit' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel your visit on [A-Z][a-z]+day, / });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('status')).toContainText('Your visit is cancelled');
    // Booking again, the address he typed is offered.
    await expect(page.getByLabel('Street address of the visit')).toHaveValue('14 Juniper Ln, Star Valley');
    await expect(page.locator(`input[type="radio"][value="${movedStart}"]`)).toHaveCount(1);
    expect(await (await request.get(`${base}${feedPath}`)).text()).not.toContain(name);
    // Booked and cancelled on her own: still New in his inbox, nobody has spoken to her.
    await owner.getByRole('link', { name: 'Requests', exact: true }).click();
    await owner
      .getByRole('navigation', { name: 'Filter by status' })
      .getByRole('link', { name: 'New', exact: true })
      .click();
    await expect(row).toContainText('New');
    await expect(row).not.toContainText('Contacted');
    await expect(row).not.toContainText('Visit ');

    // The owner sets his hours on his phone: hour-long visits, a day off; the homeowner's times follow.
    const slots = async () =>
      (await (await request.get(`${base}/api${visitPath.replace('/visit/', '/visits/')}/slots`)).json()) as {
        start: string;
        end: string;
      }[];
    await owner.getByRole('link', { name: 'Visits' }).click();
    const hours = owner.getByRole('region', { name: 'Hours for visits' });
    await hours.getByLabel('Each visit').selectOption({ label: '1 h' });
    await hours.getByRole('button', { name: 'Save visit hours' }).click();
    await expect(owner.getByText('Visit hours saved').first()).toBeVisible();
    const hourly = await slots();
    expect(hourly.every((slot) => Date.parse(slot.end) - Date.parse(slot.start) === 3_600_000)).toBe(true);
    const dayOff = hourly[0]!.start.slice(0, 10);
    const daysOff = owner.getByRole('region', { name: 'Days off and blocked times' });
    await daysOff.getByLabel('First day off').fill(dayOff);
    // At 390 px both date boxes show a whole date.
    await expectReadsFully(daysOff.getByLabel('First day off'));
    await expectReadsFully(daysOff.getByLabel('Last day off (optional)'));
    await daysOff.getByLabel('Note (optional)').fill('Supplier visit');
    await daysOff.getByRole('button', { name: 'Block this time' }).click();
    await expect(daysOff.getByRole('listitem')).toContainText(['Supplier visit']);
    expect((await slots()).some((slot) => slot.start.startsWith(dayOff))).toBe(false);
    // A new calendar address: the old one stops working at once.
    const calendar = owner.getByRole('region', { name: 'Your calendar' });
    await calendar.getByRole('button', { name: 'Make a new address' }).click();
    await expect(calendar.getByLabel('Calendar address')).not.toHaveValue(feedUrl);
    expect((await request.get(`${base}${feedPath}`)).status()).toBe(404);
    const newFeed = new URL(await calendar.getByLabel('Calendar address').inputValue()).pathname;
    expect((await request.get(`${base}${newFeed}`)).status()).toBe(200);
    await ownerPhone.close();
  });
});

test('twenty homeowners pick the same window at once: one gets it, nineteen are told at once and offered the next', async ({
  request,
}) => {
  const quote = {
    name: 'Race Tester',
    phone: '(928) 555-0111',
    email: 'race@example.com',
    projectType: 'Deck',
    city: 'Pine',
    budgetRange: '$10,000 - $25,000',
  };
  const links = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const response = await request.post('/api/quote-requests', { data: quote });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { visitUrl: string }).visitUrl.replace('/visit/', '/api/visits/');
    }),
  );
  const slots = (await (await request.get(`${links[0]}/slots`)).json()) as { start: string }[];
  // A window late in the horizon, away from the other journeys'.
  const window = slots[slots.length - 3]!;
  const answers = await Promise.all(
    links.map((link, i) => request.post(link, { data: { start: window.start, address: `${i} Race Rd, Pine` } })),
  );
  const statuses = answers.map((answer) => answer.status());
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  const lost = (await answers.find((a) => a.status() === 409)!.json()) as { error: string; next: { start: string }[] };
  expect(lost.error).toMatch(/just booked that time/);
  expect(lost.next[0]!.start).toBe(slots[slots.length - 2]!.start);
  const after = (await (await request.get(`${links[1]}/slots`)).json()) as { start: string }[];
  expect(after.map((slot) => slot.start)).not.toContain(window.start);
});
