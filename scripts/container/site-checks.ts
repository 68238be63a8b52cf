import { randomUUID } from 'node:crypto';
import https from 'node:https';
import { chromium } from '@playwright/test';
import { findChromium, journeyChromeArgs } from '../../e2e/chromium';
import { validQuote } from '../../server/test/http';
import { phoneSizedPhoto, projectToPublish } from '../bench/owner-publish';
import { cookieOf, request, type Answer } from './https';

/** The site as a visitor and the owner reach it through Caddy: `base` https://DOMAIN, `ca` Caddy's authority. */
export interface Site {
  base: string;
  ca: string;
}

const expectStatus = (answer: Answer, status: number, what: string) => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer;
};

/** Sends the JSON `body` as the site's own pages do (its origin, the owner's cookie when given). */
function send(site: Site, method: string, urlPath: string, body: unknown, cookie = '') {
  return request(`${site.base}${urlPath}`, {
    method,
    ca: site.ca,
    headers: { Origin: site.base, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Opens the set-up link in Chromium, sets the password with the page's form; the cookie it signs in with. */
export async function setPasswordWithLink(site: Site, link: string, password: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: journeyChromeArgs });
  try {
    // Caddy's authority for localhost is not the browser's: its certificate is checked by request() instead.
    const page = await browser.newPage({ ignoreHTTPSErrors: true });
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the new password').fill(password);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    for (let i = 0; i < 100; i++) {
      const cookies = await page.context().cookies(site.base);
      const session = cookies.filter((cookie) => cookie.httpOnly);
      if (session.length > 0) return session.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
      await page.waitForTimeout(100);
    }
    throw new Error(`the set-up page did not sign in: ${(await page.locator('main').innerText()).slice(0, 300)}`);
  } finally {
    await browser.close();
  }
}

/** Signs in with the password: the session's cookie. */
export async function signIn(site: Site, password: string): Promise<string> {
  return cookieOf(expectStatus(await send(site, 'POST', '/api/owner/session', { password }), 200, 'Sign in'));
}

/** A quote request with a photo, as the full form sends it: its id. */
export async function sendQuoteWithPhoto(site: Site): Promise<string> {
  const ticket = expectStatus(await send(site, 'POST', '/api/objects/upload', undefined), 200, 'Upload ticket');
  const { uploadURL } = JSON.parse(ticket.text) as { uploadURL: string };
  const photo = await phoneSizedPhoto(2);
  expectStatus(
    await request(uploadURL, { method: 'PUT', ca: site.ca, headers: { 'Content-Type': 'image/jpeg' }, body: photo }),
    200,
    'Photo upload',
  );
  const quote = { ...validQuote, name: 'Dana Container', photoUrl: uploadURL.split('?')[0] };
  const stored = await request(`${site.base}/api/quote-requests`, {
    method: 'POST',
    ca: site.ca,
    headers: { Origin: site.base, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(quote),
  });
  return (JSON.parse(expectStatus(stored, 201, 'Quote request').text) as { id: string }).id;
}

/** The request as the owner finds it: its name and its photo's bytes. */
export async function ownerSeesQuote(site: Site, cookie: string, id: string): Promise<void> {
  const list = expectStatus(await send(site, 'GET', '/api/owner/requests', undefined, cookie), 200, 'Inbox');
  if (!list.text.includes('Dana Container')) throw new Error('the request is not in the inbox');
  const signedIn = { ca: site.ca, headers: { Cookie: cookie } };
  const link = await request(`${site.base}/api/owner/requests/${id}/photo`, signedIn);
  // On local disk, a redirect to the photo's signed address.
  const location = link.status === 302 ? new URL(String(link.headers.location), site.base).href : undefined;
  const photo = location ? await request(location, signedIn) : link;
  if (photo.status !== 200 || !String(photo.headers['content-type']).startsWith('image/') || photo.body.length < 1000)
    throw new Error(`the request's photo: ${photo.status} ${String(photo.headers['content-type'])}`);
}

/** `connections` visitors loading pages one after the other for `seconds`: how many pages were served. */
export async function loadPages(site: Site, connections: number, seconds: number): Promise<number> {
  const agent = new https.Agent({ keepAlive: true, maxSockets: connections, ca: site.ca });
  const pages = ['/', '/gallery', '/services/decks'];
  const until = Date.now() + seconds * 1000;
  let served = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, n) => {
      for (let i = n; Date.now() < until; i++) {
        const answer = await request(`${site.base}${pages[i % pages.length]}`, {
          agent,
          headers: { 'Accept-Encoding': 'br, gzip' },
        });
        expectStatus(answer, 200, 'A page under load');
        served++;
      }
    }),
  );
  agent.destroy();
  return served;
}

/** The owner publishes a project with two 12-megapixel phone photos. */
export async function publishProject(site: Site, cookie: string): Promise<void> {
  const ids: string[] = [];
  for (const seed of [0, 1]) {
    const uploaded = await request(`${site.base}/api/owner/project-photos`, {
      method: 'POST',
      ca: site.ca,
      headers: { Origin: site.base, Cookie: cookie, 'Content-Type': 'image/jpeg' },
      body: await phoneSizedPhoto(seed),
    });
    ids.push((JSON.parse(expectStatus(uploaded, 201, 'Project photo').text) as { id: string }).id);
  }
  const published = await send(site, 'PUT', `/api/owner/projects/${randomUUID()}`, projectToPublish(ids), cookie);
  if (published.status >= 300) throw new Error(`Publish: ${published.status} ${published.text.slice(0, 300)}`);
}
