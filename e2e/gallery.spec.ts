import { expect, test, type Page } from '@playwright/test';
import { galleryItems } from '../shared/content/gallery';
import { expectNoAxeViolations } from './axe';
import { watchConsole } from './console';

/** Chip -> the service type its projects carry in shared/content/gallery.ts (All: every project). */
const chips = [
  { label: 'All', serviceType: null, count: 6 },
  { label: 'Decks', serviceType: 'Decks', count: 2 },
  { label: 'Bathroom', serviceType: 'Bathroom Remodeling', count: 1 },
  { label: 'Showers', serviceType: 'Walk-in Showers', count: 1 },
  { label: 'Tile', serviceType: 'Ceramic Tile', count: 1 },
  { label: 'Trim', serviceType: 'Interior Trim', count: 1 },
] as const;

const item = galleryItems[0];
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const card = (page: Page) => page.getByRole('button', { name: item.caption, exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: item.caption });

async function openGallery(page: Page) {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Before & After Gallery' })).toBeVisible();
}

test('the gallery page has a heading, chips and every project, and no axe violations @both-screens', async ({
  page,
}) => {
  const checkConsole = watchConsole(page);
  await openGallery(page);
  await expect(page).toHaveTitle(/Before & After Gallery/);
  await expect(page.getByRole('group', { name: 'Filter projects by service' }).getByRole('button')).toHaveText(
    chips.map((chip) => chip.label),
  );
  await expect(cards(page)).toHaveCount(galleryItems.length);
  const first = cards(page).first();
  await expect(first.getByText('Before', { exact: true })).toBeVisible();
  await expect(first.getByRole('img', { name: item.beforeAlt })).toBeVisible();
  await expect(first.getByText(item.serviceType, { exact: true })).toBeVisible();
  await expect(first.getByText(item.location)).toBeVisible();
  await expectNoAxeViolations(page);
  checkConsole();
});

test('every filter chip shows the matching projects', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await openGallery(page);
  for (const chip of chips) {
    const button = page.getByRole('button', { name: chip.label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[aria-pressed="true"]')).toHaveCount(1);
    const expected = galleryItems.filter((i) => chip.serviceType === null || i.serviceType === chip.serviceType);
    expect(expected).toHaveLength(chip.count);
    await expect(cards(page)).toHaveCount(chip.count);
    await expect(cards(page).getByRole('heading')).toHaveText(expected.map((i) => i.caption));
    await expect(page.getByText('No projects found for this category.')).toHaveCount(0);
  }
  checkConsole();
});

test('on a phone all six chips fit on screen, none cut off or hidden off the edge @mobile', async ({ page }) => {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await openGallery(page);
    const group = page.getByRole('group', { name: 'Filter projects by service' });
    for (const chip of chips) {
      const button = group.getByRole('button', { name: chip.label, exact: true });
      const box = (await button.boundingBox())!;
      expect(box.x, `${chip.label} at ${width}px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${chip.label} at ${width}px`).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(24);
      // the label itself fits inside its chip
      expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  }
});

test('the filter row stays below the sticky header while scrolling @both-screens', async ({ page }) => {
  await openGallery(page);
  await page.mouse.wheel(0, 1200);
  const header = page.getByRole('banner');
  const chipsRow = page.getByRole('group', { name: 'Filter projects by service' });
  await expect(async () => {
    const headerBox = (await header.boundingBox())!;
    const chipsBox = (await chipsRow.boundingBox())!;
    expect(headerBox.y).toBeLessThanOrEqual(0.5);
    expect(chipsBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(chipsBox.y).toBeLessThan(headerBox.y + headerBox.height + 40);
  }).toPass();
});

test('the project overlay opens on Before, switches to After, and closes three ways', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await openGallery(page);

  // Open with a click: Before by default, with the challenge and the solution.
  await card(page).click();
  await expect(dialog(page)).toBeVisible({ timeout: 10_000 }); // the viewer's code may still be on its way
  await expect(dialog(page).getByRole('tab', { name: 'Before' })).toHaveAttribute('aria-selected', 'true');
  const photo = dialog(page).getByRole('tabpanel').getByRole('img');
  await expect(photo).toHaveAttribute('alt', item.beforeAlt);
  await expect(photo).toHaveJSProperty('complete', true);
  const beforeSrc = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(beforeSrc).toContain(item.beforeImage);
  await expect(dialog(page).getByRole('heading', { name: 'The Challenge' })).toBeVisible();
  await expect(dialog(page).getByText(item.problem)).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'The Solution' })).toBeVisible();
  await expect(dialog(page).getByText(item.solution)).toBeVisible();
  await expectNoAxeViolations(page);

  // After shows the other photo.
  await dialog(page).getByRole('tab', { name: 'After' }).click();
  await expect(dialog(page).getByRole('tab', { name: 'After' })).toHaveAttribute('aria-selected', 'true');
  await expect(photo).toHaveAttribute('alt', item.afterAlt);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(item.afterImage);

  // Close button: closed, focus back on the card.
  await dialog(page).getByRole('button', { name: 'Close project' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(card(page)).toBeFocused();

  // Reopen with Enter: Before again. Escape closes.
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('tab', { name: 'Before' })).toHaveAttribute('aria-selected', 'true');
  await expect(photo).toHaveAttribute('alt', item.beforeAlt);
  await dialog(page).getByRole('tab', { name: 'After' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(card(page)).toBeFocused();

  // Reopen: Before again. A click on the backdrop (a corner, outside the panel) closes.
  await card(page).click();
  await expect(dialog(page).getByRole('tab', { name: 'Before' })).toHaveAttribute('aria-selected', 'true');
  const panel = (await dialog(page).boundingBox())!;
  expect(panel.x).toBeGreaterThan(4);
  expect(panel.y).toBeGreaterThan(4);
  await page.mouse.click(3, 3);
  await expect(dialog(page)).toBeHidden();
  await expect(card(page)).toBeFocused();

  await card(page).click();
  await expect(dialog(page).getByRole('tab', { name: 'Before' })).toHaveAttribute('aria-selected', 'true');
  await expect(photo).toHaveAttribute('alt', item.beforeAlt);
  checkConsole();
});

test("a tap on a project before the page's code has arrived opens it once it has", async ({ page }) => {
  // A slow connection: the gallery's code arrives well after the page is on screen.
  await page.route(/\/assets\/gallery-browser-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await openGallery(page);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
  await card(page).click();
  await expect(dialog(page)).toBeVisible({ timeout: 10_000 });
  await expect(dialog(page).getByRole('tab', { name: 'Before' })).toHaveAttribute('aria-selected', 'true');
});

test('the overlay fills the screen on phones and large screens, and keeps focus inside @both-screens', async ({
  page,
}) => {
  await openGallery(page);
  await card(page).click();
  // The viewer's code may still be on its way (it is fetched once the page is idle): on a busy
  // machine that takes longer than the default wait.
  await expect(dialog(page)).toBeVisible({ timeout: 10_000 });
  const panel = (await dialog(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(panel.width).toBeGreaterThan(viewport.width - 32);
  expect(panel.height).toBeGreaterThan(viewport.height - 32);
  // Tab cycles inside the dialog.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  }
});
