import type { Page } from '@playwright/test';
import { postQuoteRequest, signInOwner } from './own-server';

/** The owner signs in, opens Dana's deck request and starts a new estimate: the form's first line is there. */
export async function openNewEstimate(page: Page, base: string, password: string): Promise<void> {
  await postQuoteRequest(base);
  await signInOwner(page, `${base}/owner`, password);
  await page.getByRole('link', { name: /Dana Whitfield/ }).click();
  await page.getByRole('button', { name: 'New estimate' }).click();
}
