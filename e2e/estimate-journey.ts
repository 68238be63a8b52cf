import { expect, type Page } from '@playwright/test';
import { signInOwner } from './own-server';

/** The deck request every estimate journey starts from, sent as the site's quote form sends it. */
export async function postDeckRequest(base: string): Promise<string> {
  const response = await fetch(`${base}/api/quote-requests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Dana Whitfield',
      phone: '(928) 555-0188',
      email: 'dana@example.com',
      projectType: 'Deck',
      city: 'Pine',
      budgetRange: '$10,000 - $25,000',
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The owner signs in, opens the deck request and starts a new estimate: the form's first line is there. */
export async function openNewEstimate(page: Page, base: string, password: string): Promise<void> {
  await postDeckRequest(base);
  await signInOwner(page, `${base}/owner`, password);
  await page.getByRole('link', { name: /Dana Whitfield/ }).click();
  await page.getByRole('button', { name: 'New estimate' }).click();
}
