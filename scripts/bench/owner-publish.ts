import { randomUUID } from 'node:crypto';
import { startSmtpServer, type TestSmtpServer } from '../../server/test/smtp';

/**
 * The owner publishing a project from his phone, against a running server and through its own API
 * only, as the memory bench's last load: he gets in with "Forgot the password?" (the link arrives at
 * a real SMTP server of the bench's own, so no script touches the server's database), signs in,
 * sends two 12-megapixel phone photos and publishes. What the server spends on it (the photos'
 * decoding above all) is what the bench measures.
 */
export const ownerPublishEnv = (smtp: TestSmtpServer): Record<string, string> => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Bench Site <site@example.com>',
  OWNER_EMAIL: 'owner@example.com',
});

export { startSmtpServer };

const password = 'bench-owner-password-long-enough';

const photos = new Map<number, Promise<Buffer>>();

/**
 * A 12-megapixel phone photo (4032 x 3024) with the grain of a real one: a flat colour compresses to
 * nothing. Made once per seed and run: the bench's second server gets the same two photos.
 */
export function phoneSizedPhoto(seed: number): Promise<Buffer> {
  let photo = photos.get(seed);
  if (!photo) photos.set(seed, (photo = makePhoto(seed)));
  return photo;
}

async function makePhoto(seed: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 100 + seed * 40, sigma: 30 },
    },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function waitForResetLink(smtp: TestSmtpServer, base: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    for (const mail of smtp.received) {
      const token = /\/owner\/reset\/([\w-]{43})/.exec(mail.text ?? '')?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No reset link reached the bench's mail server from ${base}`);
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** Taps "Forgot the password?": the link is in the outbox before the load's requests fill it. */
export async function askForResetLink(base: string): Promise<void> {
  await expectOk(
    await fetch(`${base}/api/owner/password-reset`, { method: 'POST', headers: { Origin: base } }),
    'Forgot the password?',
  );
}

/** Signs in through the reset link and publishes one project with two 12-megapixel photos. */
export async function publishAsOwner(base: string, smtp: TestSmtpServer): Promise<void> {
  const origin = { Origin: base };
  const json = { ...origin, 'Content-Type': 'application/json' };
  const token = await waitForResetLink(smtp, base);
  await expectOk(
    await fetch(`${base}/api/owner/password-reset/password`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token, password, repeat: password }),
    }),
    'Set the new password',
  );
  const session = await expectOk(
    await fetch(`${base}/api/owner/session`, { method: 'POST', headers: json, body: JSON.stringify({ password }) }),
    'Sign in',
  );
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const signedIn = { ...origin, Cookie: cookie };

  const photoIds: string[] = [];
  for (const seed of [0, 1]) {
    const photo = await phoneSizedPhoto(seed);
    const uploaded = await expectOk(
      await fetch(`${base}/api/owner/project-photos`, {
        method: 'POST',
        headers: { ...signedIn, 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(photo),
      }),
      'Photo upload',
    );
    photoIds.push(((await uploaded.json()) as { id: string }).id);
  }
  await expectOk(
    await fetch(`${base}/api/owner/projects/${randomUUID()}`, {
      method: 'PUT',
      headers: { ...signedIn, 'Content-Type': 'application/json' },
      body: JSON.stringify(projectToPublish(photoIds)),
    }),
    'Publish',
  );
}

/** The project he publishes (PUT /api/owner/projects/<id>), before and after photos by their ids. */
export function projectToPublish(photoIds: string[]) {
  return {
    action: 'publish',
    title: 'Cedar Deck Rebuilt',
    service: 'decks',
    area: 'payson',
    town: '',
    beforePhotoId: photoIds[0],
    afterPhotoId: photoIds[1],
    beforeAlt: 'The old deck: grey, split boards',
    afterAlt: 'The new cedar deck',
    problem: 'Soft boards and a loose railing after years of snow.',
    solution: 'New joists, decking and a solid railing.',
  };
}
