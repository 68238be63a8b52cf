import { expect, test } from '@playwright/test';
import { openNewEstimate } from './estimate-journey';
import { withJourneyServer } from './journey-server';

/**
 * The owner writes an estimate on his phone and reads it back: a long description wraps and the
 * box grows with it; Preview shows the homeowner's page and Back to editing returns to the form
 * as he left it; Send asks once, with her e-mail and the total, and Not yet sends nothing.
 */
const password = 'plumb line and chalk';
const longLine =
  'New framing on footings below the deck, with pressure-treated posts set in concrete and galvanized hangers';

test('the owner reads back his lines, previews and comes back, and confirms the sending @mobile', async ({ page }) => {
  test.setTimeout(180_000);
  await withJourneyServer('estimate-form', { password }, async ({ base }) => {
    await openNewEstimate(page, base, password);

    const line = page.getByRole('group', { name: 'Line 1' });
    const description = line.getByLabel('Description');
    const oneLine = (await description.boundingBox())!.height;
    await description.pressSequentially(longLine.slice(0, 40));
    await description.fill(longLine);
    await description.press('Enter');
    await expect(description).toHaveValue(longLine);
    // The whole text shows: the box grew to several lines, nothing hidden inside it, nothing past the screen.
    const box = (await description.boundingBox())!;
    expect(box.height).toBeGreaterThan(oneLine * 1.8);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await description.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
    await line.getByLabel('Unit price').fill('3200');
    await expect(page.getByTestId('estimate-total')).toHaveText('$3,200.00');

    // Preview, then back to the form as it was.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('iframe[title="The homeowner\'s page"]');
    await expect(preview.getByRole('heading', { name: 'Estimate for your deck' })).toBeVisible();
    await expect(preview.getByText(longLine)).toBeVisible();
    await expect(description).toBeHidden();
    await page.getByRole('button', { name: 'Back to editing' }).click();
    await expect(description).toHaveValue(longLine);
    await expect(page.getByTestId('estimate-total')).toHaveText('$3,200.00');

    // Send asks once; Not yet sends nothing.
    await page.getByRole('button', { name: 'Send estimate' }).click();
    const asked = page.getByRole('dialog', { name: 'Send the estimate to Dana Whitfield?' });
    await expect(asked).toContainText('dana@example.com');
    await expect(asked).toContainText('$3,200.00');
    await page.screenshot({ path: test.info().outputPath('send-asks-390.png'), scale: 'css' });
    await asked.getByRole('button', { name: 'Not yet' }).click();
    await expect(asked).toBeHidden();
    await expect(page.getByText('Estimate sent to Dana Whitfield')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send estimate' }).click();
    await asked.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText('Estimate sent to Dana Whitfield').first()).toBeVisible();
    await expect(page.locator('[data-estimate-version="1"]')).toContainText('Sent');
  });
});
