import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { watchConsole } from './console';

const popularServices = [
  ['Framing', '/services/framing'],
  ['Roofing', '/services/roofing'],
  ['Decks', '/services/decks'],
  ['Rotten Wood Replacement', '/services/rotten-wood-replacement'],
  ['Bathroom Remodeling', '/services/bathroom-remodeling'],
] as const;

test.describe('/locations/{slug}', () => {
  test('shows the service area and its sidebar', async ({ page }) => {
    const assertCleanConsole = watchConsole(page);
    const res = await page.goto('/locations/payson');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Carpentry & Remodeling in Payson, AZ \| /);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/img\/og\/locations-payson\.jpg$/,
    );
    await expect(page.getByText('Service Area', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carpentry & Remodeling in Payson, AZ');
    for (const name of [
      'Local Landmarks',
      'Neighborhoods Served',
      'Climate Considerations',
      'Project Gallery Coming Soon',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText('Green Valley Park')).toBeVisible();
    await expect(page.getByText('Star Valley')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Project Gallery Coming Soon' }).getByRole('link', { name: /Gallery/ }),
    ).toHaveAttribute('href', '/gallery');

    const popular = page.getByRole('region', { name: 'Popular Services' }).getByRole('link');
    await expect(popular).toHaveText(popularServices.map(([name]) => name));
    for (const [index, [, href]] of popularServices.entries())
      await expect(popular.nth(index)).toHaveAttribute('href', href);
    await expect(page.getByRole('link', { name: 'Get Free Quote' }).first()).toHaveAttribute('href', '/#contact');
    assertCleanConsole();
  });

  for (const slug of ['payson', 'pine', 'phoenix-projects']) {
    test(`other service areas: four, never ${slug} itself`, async ({ page }) => {
      await page.goto(`/locations/${slug}`);
      const others = page.getByRole('region', { name: 'Other Service Areas' }).getByRole('link');
      await expect(others).toHaveCount(4);
      const hrefs = await others.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).not.toContain(`/locations/${slug}`);
      expect(new Set(hrefs).size).toBe(4);
    });
  }

  test('every location has its own title and description', async ({ page }) => {
    const seen = new Set<string>();
    for (const slug of ['payson', 'strawberry', 'pine', 'arizona-statewide', 'phoenix-projects']) {
      await page.goto(`/locations/${slug}`);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      seen.add(title).add(description ?? '');
    }
    expect(seen.size).toBe(10);
  });

  test('an unknown location answers 404 with "Location Not Found"', async ({ page }) => {
    const res = await page.goto('/locations/nope');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Location Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
  });

  test('has no accessibility violations @both-screens', async ({ page }) => {
    await page.goto('/locations/strawberry');
    await expectNoAxeViolations(page);
  });
});
