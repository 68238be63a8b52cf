import { expect, type Locator, type Page } from '@playwright/test';
import { personsPace } from './persons-pace';

/** What a homeowner types in the quote form; `message` is left empty without it. */
export interface QuoteFields {
  name: string;
  phone: string;
  email: string;
  projectType: string;
  city: string;
  budgetRange: string;
  message?: string;
}

/** Pat's galley kitchen in Pine, the request the mail and storage journeys send (with an e-mail of their own). */
export const galleyKitchen = {
  name: 'Pat Lopez',
  phone: '(928) 555-0123',
  projectType: 'Kitchen Remodeling',
  city: 'Pine',
  budgetRange: '$25,000 - $50,000',
  message: 'Galley kitchen, about 10 x 12 ft.',
} as const satisfies Omit<QuoteFields, 'email'>;

/**
 * Wakes the quote form on the page shown with a focus in it, as a visitor's first tap does, and
 * waits for the full form (`form[data-enhanced]`) to take over: the form. The page's plain form
 * works too, but these journeys are the full form's; it also takes over once the page has been
 * idle for a few seconds, so the wait allows for a busy machine.
 */
export async function wakeQuoteForm(page: Page): Promise<Locator> {
  await page.getByRole('form', { name: 'Request a Free Quote' }).getByLabel('Name', { exact: true }).focus();
  const form = page.locator('form[data-enhanced]');
  await expect(form).toBeVisible({ timeout: 20_000 });
  return form;
}

/**
 * Fills `form` (the full form or, without JavaScript, the plain one) with `fields`; with `typed`
 * the name and the phone are typed a key at a time, as a person does.
 */
export async function fillQuoteForm(form: Locator, fields: QuoteFields, { typed = false } = {}): Promise<void> {
  if (typed) {
    await form.getByLabel('Name').pressSequentially(fields.name, { delay: 40 });
    await form.getByLabel('Phone').pressSequentially(fields.phone, { delay: 20 });
  } else {
    await form.getByLabel('Name').fill(fields.name);
    await form.getByLabel('Phone').fill(fields.phone);
  }
  await form.getByLabel('Email').fill(fields.email);
  await form.getByLabel('Project Type').selectOption(fields.projectType);
  await form.getByLabel('City').fill(fields.city);
  await form.getByLabel('Budget Range').selectOption(fields.budgetRange);
  if (fields.message !== undefined) await form.getByLabel(/Message/).fill(fields.message);
}

/**
 * A homeowner sends a quote request from `${base}/contact` with the full form, at a person's pace
 * (a form sent within seconds of appearing is screened as a bot's); `beforeSending` adds to the
 * form (a photo) before the send. Resolves once the page says it was submitted.
 */
export async function sendQuoteForm(
  page: Page,
  base: string,
  fields: QuoteFields,
  { typed = false, beforeSending }: { typed?: boolean; beforeSending?: (form: Locator) => Promise<void> } = {},
): Promise<void> {
  await page.goto(`${base}/contact`);
  const form = await wakeQuoteForm(page);
  const paced = await personsPace(page);
  await fillQuoteForm(form, fields, { typed });
  await beforeSending?.(form);
  await paced();
  await form.getByRole('button', { name: 'Request Free Quote' }).click();
  await expect(page.getByText('Quote request submitted!').first()).toBeVisible();
}

/** Without JavaScript: fills the page's plain form and sends it; resolves once the page it posts to says it was sent. */
export async function sendPlainForm(page: Page, fields: QuoteFields): Promise<void> {
  const form = page.locator('form[method="post"]');
  await fillQuoteForm(form, fields);
  await form.getByRole('button', { name: 'Request Free Quote' }).click();
  await expect(page.getByText('Your quote request was sent')).toBeVisible();
}
