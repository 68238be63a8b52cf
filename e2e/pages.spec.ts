import { expect, test } from '@playwright/test';
import { business } from '../shared/content/business';
import { privacyPolicy, termsOfService } from '../shared/content/legal';
import { pineBundlesContent } from '../shared/content/pine-bundles';
import { expectNoAxeViolations } from './axe';
import { watchConsole } from './console';
import { expectSectionUnderHeader } from './scroll';

const telHref = `tel:${business.phoneE164}`;
const mailHref = `mailto:${business.email}`;

test.describe('/pine-bundles', () => {
  test('hero, pay buttons that scroll to Pay Now, pickup link, share button, and no axe violations @both-screens', async ({
    page,
  }) => {
    const checkConsole = watchConsole(page);
    await page.goto('/pine-bundles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pine Bundles Five Dollars Each');
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();

    const payNow = page.locator('#pay-now');
    for (const app of business.pineBundles.paymentApps) {
      const pay = page.getByRole('link', { name: `Pay with ${app}` });
      await expect(pay).toHaveAttribute('href', /#pay-now$/);
      await expect(payNow.getByRole('img', { name: `${app} QR code placeholder` })).toBeAttached();
    }
    await expect(payNow).not.toBeInViewport();
    await page.getByRole('link', { name: `Pay with ${business.pineBundles.paymentApps[0]}` }).click();
    await expectSectionUnderHeader(page, payNow);
    await expect(payNow.getByRole('heading', { name: 'Pay Now' })).toBeInViewport();
    await expect(payNow.getByText(pineBundlesContent.payNote)).toBeVisible();

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const pickup = page.locator('#pickup');
    const pickupLink = page.getByRole('link', { name: 'Pickup details' });
    await expect(pickupLink).toHaveAttribute('href', /#pickup$/);
    await pickupLink.click();
    await expectSectionUnderHeader(page, pickup);
    await expect(pickup.getByRole('heading', { name: 'Pickup Info' })).toBeInViewport();
    await expect(pickup.getByRole('heading', { name: 'Pine Bundle Stand' })).toBeVisible();
    await expect(pickup.getByText('Daily, sunrise to sunset')).toBeVisible();
    await expect(pickup.getByText('Restocked multiple times a day')).toBeVisible();
    await expect(pickup.getByText(/hazards on/)).toBeVisible();
    const map = pickup.getByRole('link', { name: /Google Maps/ });
    await expect(map).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(business.pineBundles.mapQuery)}`,
    );
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', 'noopener noreferrer');

    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    for (const faq of pineBundlesContent.faqs)
      await expect(page.getByRole('button', { name: faq.question })).toBeVisible();
    await expect(page.getByText(/Tonto National Forest fire restrictions/)).toBeVisible();

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectNoAxeViolations(page);
    checkConsole();
  });
});

for (const document of [privacyPolicy, termsOfService]) {
  const path = document === privacyPolicy ? '/privacy' : '/terms';
  test(`${path} shows today's date, every section, the e-mail and the phone`, async ({ page }) => {
    const checkConsole = watchConsole(page);
    await page.goto(path);
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(document.title);
    await expect(page.getByText(/^Last updated:/)).toHaveText(`Last updated: ${today}`);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      document.sections.map((section) => section.heading),
    );
    const contact = page.getByRole('complementary', { name: 'Contact details' });
    await expect(contact.getByRole('link', { name: business.email })).toHaveAttribute('href', mailHref);
    await expect(contact.getByRole('link', { name: business.phoneDisplay })).toHaveAttribute('href', telHref);
    await expectNoAxeViolations(page);
    checkConsole();
  });
}

test('the legal pages show the visitor’s date on a build weeks old, on a direct load and after a client navigation', async ({
  page,
}) => {
  const checkConsole = watchConsole(page);
  // Seven weeks after today's build: the owner has not built the site again since.
  const visit = new Date();
  visit.setDate(visit.getDate() + 49);
  const shown = `Last updated: ${visit.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}`;
  await page.clock.install({ time: visit });
  await page.goto('/terms');
  await expect(page.getByText(/^Last updated:/)).toHaveText(shown);
  await expect(page.locator('main time')).toHaveAttribute('datetime', visit.toLocaleDateString('en-CA'));
  await expect(page.locator('html[data-router="ready"]')).toBeAttached({ timeout: 20_000 });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacyPolicy.title);
  await expect(page.getByText(/^Last updated:/)).toHaveText(shown);
  checkConsole();
});

test('/contact shows the quote card and the side cards', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await expect(main.getByRole('heading', { level: 2, name: 'Request a Free Quote' })).toBeVisible();
  await expect(main.locator('#quote-form')).toBeVisible();

  const phone = main.getByRole('region', { name: 'Phone' });
  await expect(phone.getByRole('link', { name: business.phoneDisplay })).toHaveAttribute('href', telHref);
  await expect(phone.getByText('Speak to a live person')).toBeVisible();
  await expect(main.getByRole('region', { name: 'Email' }).getByRole('link', { name: business.email })).toHaveAttribute(
    'href',
    mailHref,
  );
  const areas = main.getByRole('region', { name: 'Service Areas' });
  await expect(areas.getByRole('listitem')).toHaveText(['Payson AZ', 'Strawberry AZ', 'Pine AZ', 'Northern Arizona']);
  await expect(areas.getByText('Will travel to Phoenix for larger projects')).toBeVisible();
  const response = main.getByRole('region', { name: 'Response Time' });
  await expect(response).toContainText('We typically respond to quote requests within 24 hours during business days.');
  await expect(response).toContainText(business.hours.display);
  await expectNoAxeViolations(page);
  checkConsole();
});

test('/about tells the story with a safe external link, and has every section', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await page.goto('/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('img', { name: new RegExp(business.ownerName) })).toBeVisible();

  const song = main.getByRole('link', { name: /watch the song video/ });
  await expect(song).toHaveAttribute('href', business.songVideo.url);
  await expect(song).toHaveAttribute('target', '_blank');
  await expect(song).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(song).toHaveAccessibleName(/\(opens in a new tab\)/);

  for (const heading of [
    'Precision & Craftsmanship',
    'Respect & Cleanup',
    'Certifications & Insurance',
    'Licensed',
    'Insured',
    'Certified',
    'Safety Practices',
    'Tools & Capabilities',
    'Our Philosophy',
  ]) {
    await expect(main.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(main.getByText(business.rocLicense).first()).toBeVisible();
  await expect(main.getByText('Proudly serving Payson, Strawberry, Pine & Northern Arizona')).toBeVisible();
  await expectNoAxeViolations(page);
  checkConsole();
});
