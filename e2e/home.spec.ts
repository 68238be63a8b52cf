import { expect, test } from '@playwright/test';
import { business } from '../shared/content/business';
import { galleryItems } from '../shared/content/gallery';
import { locations } from '../shared/content/locations';
import { services } from '../shared/content/services';
import { expectNoAxeViolations } from './axe';
import { watchConsole } from './console';
import { expectSectionUnderHeader } from './scroll';

test('the home page has every section the visitor expects @both-screens', async ({ page }) => {
  const assertNoConsoleProblems = watchConsole(page);
  await page.goto('/');
  const main = page.getByRole('main');

  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Master Carpenter for Northern Arizona');
  const hero = main.locator('section').first();
  await expect(
    hero.getByRole('link', { name: new RegExp(`Call ${business.phoneDisplay.replace(/[()]/g, '\\$&')}`) }),
  ).toHaveAttribute('href', `tel:${business.phoneE164}`);
  await expect(hero.getByRole('link', { name: 'Request Free Quote' })).toHaveAttribute('href', '/#contact');

  const recent = main.locator('section', {
    has: page.getByRole('heading', { name: 'Recent Work Around Rim Country' }),
  });
  const photos = recent.locator('a[href="/gallery"] img');
  await expect(photos).toHaveCount(Math.min(4, galleryItems.length));
  await expect(recent.getByRole('link', { name: 'View Full Gallery' })).toHaveAttribute('href', '/gallery');

  for (const badge of ['35+ Years Experience', 'Licensed & Insured', 'Quality Guaranteed', 'Serving Northern AZ']) {
    await expect(main.getByText(badge, { exact: true })).toBeVisible();
  }
  await expect(main.getByText('INVEST IN YOUR NEST')).toBeVisible();
  await expect(main.getByText('Do it once. Do it right.')).toBeVisible();

  for (const service of services) {
    const card = main.locator(`a[href="/services/${service.slug}"]`).filter({ hasText: service.name });
    await expect(card).toHaveCount(1);
    await expect(card.locator('p.line-clamp-2')).toHaveCSS('-webkit-line-clamp', '2');
  }

  const areaCards = main
    .locator('section', { has: page.getByRole('heading', { name: 'Service Areas' }) })
    .locator('a[href^="/locations/"]');
  await expect(areaCards).toHaveCount(4);
  for (const location of locations.slice(0, 3)) {
    const card = main
      .locator(`a[href="/locations/${location.slug}"]`)
      .filter({ hasText: location.description.slice(0, 20) });
    await expect(card.locator('p.line-clamp-3')).toHaveCSS('-webkit-line-clamp', '3');
  }
  await expect(main.getByRole('link', { name: 'View All Locations' })).toHaveAttribute('href', '/locations/payson');
  await expect(main.getByText('Will travel to Phoenix for larger projects')).toBeVisible();

  await expect(main.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', `tel:${business.phoneE164}`);
  await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  await expect(main.locator('section#contact')).toBeAttached();

  await expectNoAxeViolations(page);
  assertNoConsoleProblems();
});

test('Request Free Quote scrolls to the contact section @both-screens', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Request Free Quote' }).click();
  await expect(page).toHaveURL('/#contact');
  await expectSectionUnderHeader(page, page.locator('#contact'));
});

test('Get Quote from another page lands on the home contact section @desktop', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).click();
  await expect(page).toHaveURL('/#contact');
  await expectSectionUnderHeader(page, page.locator('#contact'));
});
