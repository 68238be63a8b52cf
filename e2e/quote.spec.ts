import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Page, type Request } from '@playwright/test';
import { business } from '../shared/content/business';
import { budgetRanges, projectTypes } from '../shared/schemas/quote-request';
import { expectNoAxeViolations } from './axe';
import { watchConsole } from './console';

const valid = {
  name: 'Jamie Rivera',
  phone: '(928) 555-0199',
  email: 'jamie.rivera@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: 'About 12 x 16 ft off the back door; the side gate is 4 ft wide.',
} as const;

const messages = [
  'Name must be at least 2 characters',
  'Please enter a valid phone number',
  'Please enter a valid email address',
  'Please select a project type',
  'Please enter your city',
  'Please select a budget range',
] as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A real PNG, by default a tiny 16x16 gradient, so the stored bytes can be compared. */
function makePng(
  width = 16,
  height = width,
  pixel: (x: number, y: number) => [number, number, number] = (x, y) => [x * 16, y * 16, 128],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const stride = 1 + width * 3;
  const rows = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), y * stride + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A big phone-sized photo stand-in: noise does not compress, so this PNG is several MB. */
function makeLargePng(): Buffer {
  const noise = randomBytes(3000 * 1000 * 3);
  return makePng(3000, 1000, (x, y) => {
    const i = (y * 3000 + x) * 3;
    return [noise[i]!, noise[i + 1]!, noise[i + 2]!];
  });
}

const quoteForm = (page: Page) => page.getByRole('form', { name: 'Request a Free Quote' });
/** A field of the form by its exact label (the contact page has 'Phone' and 'Email' cards too). */
const field = (page: Page, label: string) => quoteForm(page).getByLabel(label, { exact: true });
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const submitButton = (page: Page) => page.getByRole('button', { name: /Request Free Quote|Submitting\.\.\./ });
const isQuotePost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/quote-requests';

/**
 * Until its first focus or tap, the form on /contact takes over once the page has been idle for a
 * few seconds (client/src/app/islands/start.ts): waits for it allow for that on a busy machine.
 */
const takeOver = { timeout: 20_000 };

/**
 * Opens /contact, focuses the form and waits for the form's code (loaded on demand) to be in
 * place: until then the page holds the plain form, which posts to the server without JavaScript.
 */
async function openForm(page: Page) {
  await page.goto('/contact');
  // The visitor taps into the form, which wakes it at once instead of after the page's idle pass.
  await field(page, 'Name').focus();
  await expect(page.locator('form[data-enhanced]')).toBeVisible(takeOver);
}

async function fillValid(page: Page) {
  await field(page, 'Name').fill(valid.name);
  await field(page, 'Phone').fill(valid.phone);
  await field(page, 'Email').fill(valid.email);
  await field(page, 'Project Type').selectOption(valid.projectType);
  await field(page, 'City').fill(valid.city);
  await field(page, 'Budget Range').selectOption(valid.budgetRange);
  await field(page, 'Message').fill(valid.message);
}

async function expectValues(page: Page, values: Record<keyof typeof valid, string>) {
  await expect(field(page, 'Name')).toHaveValue(values.name);
  await expect(field(page, 'Phone')).toHaveValue(values.phone);
  await expect(field(page, 'Email')).toHaveValue(values.email);
  await expect(field(page, 'Project Type')).toHaveValue(values.projectType);
  await expect(field(page, 'City')).toHaveValue(values.city);
  await expect(field(page, 'Budget Range')).toHaveValue(values.budgetRange);
  await expect(field(page, 'Message')).toHaveValue(values.message);
}

/** What the page sends other than GETs, leaving out the page-view beacon (POST /api/views, issue 59). */
function formSends(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname !== '/api/views')
      sent.push(`${request.method()} ${request.url()}`);
  });
  return sent;
}

const emptyValues = { name: '', phone: '', email: '', projectType: '', city: '', budgetRange: '', message: '' };

test.describe('quote form', () => {
  test('an empty submit shows the six messages, focuses Name and sends nothing', async ({ page }) => {
    const sent = formSends(page);
    await openForm(page);
    await submitButton(page).click();

    await expect(quoteForm(page).getByRole('alert')).toHaveText([...messages]);
    await expect(field(page, 'Name')).toBeFocused();
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    expect(sent).toEqual([]);
  });

  test('the selects list the 19 project types and 7 budget ranges in order', async ({ page }) => {
    await openForm(page);
    await expect(field(page, 'Project Type').locator('option')).toHaveText(['Select a project type', ...projectTypes]);
    await expect(field(page, 'Budget Range').locator('option')).toHaveText(['Select a budget range', ...budgetRanges]);
  });

  test("the button reads 'Submitting...' and is disabled while the request is pending", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/quote-requests', async (route) => {
      await held;
      await route.fulfill({ status: 201, json: { id: '00000000-0000-4000-8000-000000000000' } });
    });
    await openForm(page);
    await fillValid(page);
    await submitButton(page).click();

    await expect(submitButton(page)).toHaveText('Submitting...');
    await expect(submitButton(page)).toBeDisabled();
    await page.waitForTimeout(300);
    await expect(submitButton(page)).toBeDisabled();
    release();
    await expect(notifications(page).getByText('Quote request submitted!')).toBeVisible();
    await expect(submitButton(page)).toHaveText('Request Free Quote');
    await expect(submitButton(page)).toBeEnabled();
  });

  test('a valid request is stored (201 with its id and booking page), announced, and the form is emptied', async ({
    page,
  }) => {
    const checkConsole = watchConsole(page);
    await openForm(page);
    await fillValid(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => isQuotePost(r.request())),
      submitButton(page).click(),
    ]);

    expect(response.request().postDataJSON()).toStrictEqual(valid);
    expect(response.request().headers()['content-type']).toBe('application/json');
    expect(response.status()).toBe(201);
    // With the request's own booking page for the estimate visit.
    expect((await response.json()) as unknown).toEqual({
      id: expect.stringMatching(uuid),
      visitUrl: expect.stringMatching(/^\/visit\/[A-Za-z0-9_-]{43}$/),
    });

    await expect(notifications(page).getByText('Quote request submitted!')).toBeVisible();
    await expect(
      notifications(page).getByText("We'll contact you within 24 hours to discuss your project."),
    ).toBeVisible();
    await expectValues(page, emptyValues);
    await expect(quoteForm(page).getByRole('alert')).toHaveCount(0);
    checkConsole();
  });

  test('a failed request keeps everything typed and shows the error toast', async ({ page }) => {
    await page.route('**/api/quote-requests', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' }),
    );
    await openForm(page);
    await fillValid(page);
    await submitButton(page).click();

    await expect(notifications(page).getByText('Error submitting request')).toBeVisible();
    await expect(
      notifications(page).getByText(`Please try again or call us at ${business.phoneDisplay}`),
    ).toBeVisible();
    await expectValues(page, valid);
    await expect(submitButton(page)).toBeEnabled();
  });

  test('a photo is uploaded, attached to the request, and served back byte for byte', async ({ page }) => {
    const checkConsole = watchConsole(page);
    const png = makePng();
    await openForm(page);

    const uploadAnswer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/objects/upload'),
    );
    const put = page.waitForRequest((r) => r.method() === 'PUT');
    await field(page, 'Add a Photo').setInputFiles({ name: 'back-deck.png', mimeType: 'image/png', buffer: png });

    const { uploadURL } = (await (await uploadAnswer).json()) as { uploadURL: string };
    // The spec's empty body: the type is checked when the photo itself arrives.
    expect((await uploadAnswer).request().postData()).toBeNull();
    const putRequest = await put;
    expect(putRequest.url()).toBe(uploadURL);
    expect(putRequest.headers()['content-type']).toBe('image/png');
    expect((await putRequest.response())?.ok()).toBe(true);

    await expect(quoteForm(page).getByText('Photo Uploaded', { exact: true })).toBeVisible();
    await expect(quoteForm(page).getByText('✓ Photo attached', { exact: true })).toBeVisible();
    await expect(notifications(page).getByText('Photo uploaded', { exact: true })).toBeVisible();
    await expect(notifications(page).getByText('Your photo has been attached to the quote request.')).toBeVisible();

    await fillValid(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => isQuotePost(r.request())),
      submitButton(page).click(),
    ]);
    const photoUrl = uploadURL.split('?')[0];
    expect(response.request().postDataJSON()).toStrictEqual({ ...valid, photoUrl });
    expect(response.status()).toBe(201);
    await expect(notifications(page).getByText('Quote request submitted!')).toBeVisible();
    await expect(quoteForm(page).getByText('Add a Photo', { exact: true })).toBeVisible();
    await expect(quoteForm(page).getByText('✓ Photo attached', { exact: true })).toHaveCount(0);

    const stored = await page.request.get(photoUrl!);
    expect(stored.status()).toBe(200);
    expect(stored.headers()['content-type']).toContain('image/png');
    expect(Buffer.compare(await stored.body(), png)).toBe(0);
    checkConsole();
  });

  test('a large photo is downscaled in the browser to a JPEG of at most 2560 px before upload @desktop', async ({
    page,
  }) => {
    const large = makeLargePng();
    expect(large.length).toBeGreaterThan(2 * 1024 * 1024);
    await openForm(page);
    const put = page.waitForRequest((r) => r.method() === 'PUT');
    await field(page, 'Add a Photo').setInputFiles({ name: 'IMG_4821.png', mimeType: 'image/png', buffer: large });

    const putRequest = await put;
    expect(putRequest.headers()['content-type']).toBe('image/jpeg');
    await expect(quoteForm(page).getByText('✓ Photo attached', { exact: true })).toBeVisible();

    const photoUrl = putRequest.url().split('?')[0]!;
    const stored = await page.request.get(photoUrl);
    expect(stored.headers()['content-type']).toContain('image/jpeg');
    const bytes = await stored.body();
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(bytes.length).toBeLessThan(large.length);
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, photoUrl);
    expect(size).toEqual([2560, 853]);
  });

  test('a file that is not a photo is refused without uploading', async ({ page }) => {
    const sent = formSends(page);
    await openForm(page);
    // The picker only offers images; a drag-and-drop or an odd file manager can still hand over anything.
    await field(page, 'Add a Photo').setInputFiles({
      name: 'estimate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7'),
    });
    await expect(quoteForm(page).getByText('Please choose a photo (JPG, PNG, WebP, HEIC or GIF).')).toBeVisible();
    await expect(quoteForm(page).getByText('Add a Photo', { exact: true })).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('a failed upload says so and the photo can be chosen again', async ({ page }) => {
    let failures = 1;
    await page.route('**/api/objects/upload', (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, json: { error: 'Something went wrong' } }) : route.fallback(),
    );
    await openForm(page);
    const photo = { name: 'porch.png', mimeType: 'image/png', buffer: makePng(8, 8) };
    await field(page, 'Add a Photo').setInputFiles(photo);
    await expect(notifications(page).getByText('Photo upload failed')).toBeVisible();
    await expect(quoteForm(page).getByText('Add a Photo', { exact: true })).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();

    await field(page, 'Add a Photo').setInputFiles(photo);
    await expect(quoteForm(page).getByText('✓ Photo attached', { exact: true })).toBeVisible();
  });

  test('when the form cannot load, the plain form of the page still sends the request @desktop', async ({ page }) => {
    // The form's own module: /src/.../quote-form.tsx in development, /assets/quote-form-<8-character hash>.js
    // when built (not quote-form-post-<hash>.js, the plain form's fields, shared with the router's pages).
    await page.route(/\/quote-form(\.tsx|-[\w-]{8}\.js)(\?|$)/, (route) => route.abort());
    await page.goto('/contact');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', takeOver);
    await expect(page.locator('form[data-enhanced]')).toHaveCount(0);
    await fillValid(page);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/contact'),
      submitButton(page).click(),
    ]);
    expect(answer.status()).toBe(200);
    const confirmation = page.getByRole('region', { name: 'Your quote request was sent' });
    await expect(confirmation).toContainText('Deck');
    await expect(confirmation).toContainText('Payson');
    await expect(confirmation.getByRole('link', { name: business.phoneDisplay })).toHaveAttribute(
      'href',
      `tel:${business.phoneE164}`,
    );
  });

  test('/contact with the loaded form has no axe violations and no console problems @both-screens', async ({
    page,
  }) => {
    const checkConsole = watchConsole(page);
    await openForm(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Request a Free Quote' })).toHaveCount(1);
    await expectNoAxeViolations(page);
    checkConsole();
  });

  test('the home contact section holds the form, where the quote buttons lead @both-screens', async ({ page }) => {
    const checkConsole = watchConsole(page);
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Request Free Quote' }).click();
    await expect(page).toHaveURL('/#contact');
    const section = page.locator('section#contact');
    await expect(section.getByRole('form', { name: 'Request a Free Quote' })).toBeVisible();
    await expect(section.locator('form[data-enhanced]')).toBeVisible();
    await expect(section.getByRole('heading', { level: 3, name: 'Request a Free Quote' })).toBeInViewport();
    await expect(section.getByRole('button', { name: 'Request Free Quote' })).toBeVisible();
    await expectNoAxeViolations(page);
    checkConsole();
  });
});
