import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { phonePhoto } from '../server/test/http';
import { signInOwner, postQuoteRequest } from './own-server';
import { withJourneyServer } from './journey-server';

/**
 * No page of the owner's app is wider than his phone: at 390 px, with the data a working month
 * leaves (long names, a long message and notes, a sent estimate of long lines, a published
 * project, a payment QR code that says a long address, the launch list opened), every route the
 * app has answers with nothing to scroll sideways.
 */
const password = 'cedar shakes in the rain';
const phoneWidth = 390;

async function owner(request: APIRequestContext, base: string, method: 'POST' | 'PUT', path: string, data: unknown) {
  const response = await request.fetch(`${base}/api/owner${path}`, {
    method,
    data: data as object,
    headers: { Origin: base },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string }>;
}

const sendRequest = (base: string, name: string, message: string) =>
  postQuoteRequest(base, {
    name,
    phone: '(928) 468-0177',
    email: 'maximiliana.bartholomew-fitzgerald.household@rimcountrymail.com',
    projectType: 'Kitchen Remodeling',
    city: 'Strawberry',
    budgetRange: '$25,000 - $50,000',
    message,
  });

/**
 * How wide the page is when wider than the screen, and the innermost elements that reach past its
 * right edge (fixed ones aside: on a phone they stretch with a page already too wide).
 */
async function sidewaysScroll(page: Page): Promise<string | null> {
  return page.evaluate((width) => {
    const total = document.documentElement.scrollWidth;
    if (total <= width) return null;
    const fixed = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement)
        if (getComputedStyle(node).position === 'fixed') return true;
      return false;
    };
    const past = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > width + 1 && !fixed(element),
    );
    const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    const named = innermost.slice(0, 3).map((element) => {
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> "${text}"`;
    });
    return `${total} px wide: ${named.join('; ')}`;
  }, phoneWidth);
}

test('every page of the owner’s app fits a 390 px phone, with a month’s data in it @mobile', async ({ page }) => {
  test.setTimeout(300_000);
  expect(page.viewportSize()?.width).toBe(phoneWidth);
  await withJourneyServer('owner-widths', { password }, async ({ base }) => {
    const request = page.request;
    const long = await sendRequest(
      base,
      'Maximiliana Bartholomew-Fitzgerald',
      'We would like the whole kitchen redone: new cabinets to the ceiling, a pantry where the broom closet is, quartz counters, and the soffits gone. https://www.pinterest.com/maximilianabartholomewfitzgerald/kitchen-ideas-for-the-cabin-in-strawberry/',
    );
    await sendRequest(base, 'Cody Reed', 'Deck boards are soft by the steps.');
    await signInOwner(page, `${base}/owner`, password);

    await owner(request, base, 'POST', `/requests/${long}/notes`, {
      body: 'Gate code 4471#. Dog is friendly. Measure the soffit over the sink: the old vent runs through it to the attic.',
    });
    const estimate = await owner(request, base, 'POST', `/requests/${long}/estimates`, {
      items: [
        {
          description:
            'Demolition of the existing upper and lower cabinets, soffits and laminate countertops, with haul-away',
          quantity: 1,
          unitPrice: 2850,
        },
        { description: 'Shaker cabinets, maple, painted, to the ceiling', quantity: 24.5, unitPrice: 1185.5 },
        { description: 'Pantry cabinet', quantity: 1, unitPrice: 3200, optional: true },
      ],
      taxRate: 8.35,
      notes: 'Cabinet lead time is six to eight weeks from the deposit.',
      address: '4471 North Fossil Creek Canyon Road, Strawberry, AZ 85544',
    });
    await owner(request, base, 'POST', `/estimates/${estimate.id}/send`, {});

    const before = await request.post(`${base}/api/owner/project-photos`, {
      data: await phonePhoto({ width: 1200, height: 900, colour: '#6b4a2b' }),
      headers: { Origin: base, 'Content-Type': 'image/jpeg' },
    });
    const after = await request.post(`${base}/api/owner/project-photos`, {
      data: await phonePhoto({ width: 1200, height: 900, colour: '#c9a46b' }),
      headers: { Origin: base, 'Content-Type': 'image/jpeg' },
    });
    const project = randomUUID();
    await owner(request, base, 'PUT', `/projects/${project}`, {
      action: 'publish',
      title: 'Kitchen cabinets to the ceiling in a Strawberry cabin, soffits and all',
      service: 'cabinets',
      area: 'strawberry',
      town: 'Strawberry',
      beforePhotoId: ((await before.json()) as { id: string }).id,
      afterPhotoId: ((await after.json()) as { id: string }).id,
      beforeAlt: 'The old oak cabinets under a soffit',
      afterAlt: 'Painted maple cabinets reaching the ceiling',
      problem: 'Dark cabinets stopped a foot short of the ceiling, under a soffit hiding an old vent.',
      solution: 'We rerouted the vent, took the soffit out, and built cabinets to the ceiling.',
    });
    const qrText =
      'https://payments.rimcountrycarpentry-and-remodeling.com/pay/pine-bundles/stand-at-the-strawberry-turnoff';
    const code = await QRCode.toBuffer(qrText, { width: 400, margin: 4 });
    const qr = await request.put(`${base}/api/owner/pictures/qr/venmo?confirm=${encodeURIComponent(qrText)}`, {
      data: code,
      headers: { Origin: base, 'Content-Type': 'image/png' },
    });
    expect(qr.status()).toBe(200);

    const routes = [
      '/owner',
      `/owner/requests/${long}`,
      `/owner/requests/${long}/answered`,
      '/owner/visits',
      '/owner/projects',
      '/owner/projects/new',
      `/owner/projects/${project}`,
      `/owner/projects/${project}/edit`,
      '/owner/results',
      '/owner/settings',
      '/owner/photos',
      '/owner/reviews',
      '/owner/no-such-page',
    ];
    const tooWide: string[] = [];
    const check = async (label: string) => {
      const wide = await sidewaysScroll(page);
      if (wide) tooWide.push(`${label}: ${wide}`);
    };
    for (const route of routes) {
      await page.goto(`${base}${route}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await check(route);
    }

    // The launch list, opened.
    await page.goto(`${base}/owner`);
    await page.getByText(/^Before going live: \d+ left$/).click();
    await expect(page.getByRole('link', { name: 'Drawn picture: Cabinets' })).toBeVisible();
    await expect(page.getByText(/images\/|\.svg/)).toHaveCount(0);
    await check('/owner with the launch list open');

    // A photo chosen on /owner/photos: the point to keep and the crops it will get.
    await page.goto(`${base}/owner/photos#picture-hero-home`);
    await page.getByLabel('Replace Home', { exact: true }).setInputFiles({
      name: 'IMG_2207.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto({ width: 4032, height: 3024, colour: '#4a6b3a' }),
    });
    await expect(page.getByRole('img', { name: 'Preview of the new Home picture on a phone' })).toBeVisible();
    await check('/owner/photos with a photo chosen');

    // Signed out: the sign-in page and a reset link.
    await page.context().clearCookies();
    for (const route of ['/owner', '/owner/reset/not-a-real-token-at-all']) {
      await page.goto(`${base}${route}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      await check(`${route} signed out`);
    }

    expect(tooWide).toEqual([]);
  });
});
