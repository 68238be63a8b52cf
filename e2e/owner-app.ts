import { expect, type Page } from '@playwright/test';

/** On a request's page in the owner's app, picks a status and waits for the server to take it ("Marked Won"). */
export async function markAs(page: Page, status: string, label: string): Promise<void> {
  await page.getByLabel('Status', { exact: true }).selectOption(status);
  await expect(page.getByText(`Marked ${label}`).first()).toBeVisible();
}
