import path from 'node:path';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '@shared/content/site-content';
import { picturePlaces } from '@shared/content/site-pictures';
import { imageKinds } from '@shared/images';
import { pictureLaunchItem, type LaunchItem } from '@shared/launch-list';
import { sitePictureMessages, type OwnerPicture } from '@shared/schemas/site-pictures';
import { imageSources } from '../../scripts/images/catalog';
import { findPlaceholders, formatPlaceholders, savedInDatabase } from '../../scripts/launch-check';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { phonePhoto, photoAddressWords, quickPasswordHash, setupTimeout } from '../test/http';
import { eventually } from '../test/wait-for';

const password = 'ponderosa pine at noon';
const root = path.resolve(import.meta.dirname, '../..');
/** The drawn pictures still in images/, as server/index.ts gives them to the launch list. */
const launchPictures = () =>
  imageSources(root)
    .filter((source) => !source.isPhoto)
    .map((source) => pictureLaunchItem(source.file, source.kind === 'qr'));

describe.each(testDatabases)('the owner’s photos in place of drawings on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'owner-pictures', apps: [{ launchPictures }] });
  const site = app.servers[0]!;
  let cookie = '';

  beforeAll(async () => {
    await setOwnerPassword(app.database.transaction, password, quickPasswordHash);
    const response = await fetch(`${site.base}/api/owner/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site.base },
      body: JSON.stringify({ password }),
    });
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }, setupTimeout);

  const call = (path: string, init: RequestInit & { signedIn?: boolean } = {}) =>
    fetch(`${site.base}/api/owner${path}`, {
      ...init,
      headers: {
        ...(init.signedIn === false ? {} : { Cookie: cookie }),
        Origin: site.base,
        ...(init.headers as object),
      },
    });
  const replace = (name: string, body: Buffer, keep = 'centre') =>
    call(`/pictures/${name}?keep=${keep}`, {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'Content-Type': 'image/jpeg' },
    });
  const content = async () => (await (await fetch(`${site.base}/api/site-content`)).json()) as SiteContent;
  const served = (name: string) => fetch(`${site.base}/img/projects/${name}`);
  const launch = async () => ((await (await call('/launch')).json()) as { items: LaunchItem[] }).items;

  it('refuses a stranger', async () => {
    expect((await call('/pictures', { signedIn: false })).status).toBe(401);
    const put = await call('/pictures/services/decks', { method: 'PUT', body: 'x', signedIn: false });
    expect(put.status).toBe(401);
  });

  it('puts a 12-megapixel phone photo with GPS in place of the Decks drawing, at every width of a service picture, without metadata; Use the drawing brings the drawing back', async () => {
    const before = await launch();
    const decksItem = before.find((item) => item.id === 'picture:images/services/decks.svg');
    expect(decksItem?.href).toBe('/owner/photos#picture-services-decks');

    const response = await replace('services/decks', await phonePhoto({ width: 4032, height: 3024, orientation: 6 }));
    expect(response.status).toBe(200);
    const { photo } = (await response.json()) as OwnerPicture;
    const { widths, width, height } = imageKinds.service;
    expect(photo?.widths).toEqual(widths);
    // Cropped to the shape the service picture is shown in, whatever the photo's.
    expect(photo!.width / photo!.height).toBeCloseTo(width / height, 2);

    await eventually(10_000, async () => {
      expect((await content()).pictures['services/decks']?.id).toBe(photo!.id);
    });
    for (const w of widths)
      for (const format of ['avif', 'webp', 'jpg']) {
        const variant = await served(`${photo!.id}-${w}.${format}`);
        expect(variant.status).toBe(200);
        const bytes = Buffer.from(await variant.arrayBuffer());
        const metadata = await sharp(bytes).metadata();
        expect([metadata.width, metadata.height]).toEqual([w, Math.round((w * height) / width)]);
        expect([metadata.exif, metadata.xmp, metadata.iptc]).toEqual([undefined, undefined, undefined]);
        for (const words of [...Object.values(photoAddressWords), 'PhoneMaker'])
          expect(bytes.includes(Buffer.from(words))).toBe(false);
      }
    // The launch list counts it as set.
    expect((await launch()).map((item) => item.id)).not.toContain('picture:images/services/decks.svg');
    expect((await launch()).length).toBe(before.length - 1);

    const drawing = await call('/pictures/services/decks', { method: 'DELETE' });
    expect(((await drawing.json()) as OwnerPicture).photo).toBeNull();
    await eventually(10_000, async () => {
      expect((await content()).pictures['services/decks']).toBeUndefined();
    });
    expect((await served(`${photo!.id}-800.webp`)).status).toBe(404);
    expect((await launch()).map((item) => item.id)).toContain('picture:images/services/decks.svg');
  }, 120_000);

  it('keeps the part of the photo the owner chose: top, centre or bottom', async () => {
    // A tall photo: red at the top, blue below; the hero picture is wide, so most of it is cut.
    const tall = await sharp({ create: { width: 1600, height: 2400, channels: 3, background: '#1030c0' } })
      .composite([
        { input: { create: { width: 1600, height: 400, channels: 3, background: '#d02010' } }, top: 0, left: 0 },
      ])
      .jpeg()
      .toBuffer();
    const topRow = async (keep: string) => {
      const { photo } = (await (await replace('hero/home', tall, keep)).json()) as OwnerPicture;
      const file = await call(`/project-photos/${photo!.id}-640.jpg`);
      const { data } = await sharp(Buffer.from(await file.arrayBuffer()))
        .extract({ left: 0, top: 2, width: 640, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { red: data[0]!, blue: data[2]! };
    };
    const top = await topRow('top');
    expect(top.red).toBeGreaterThan(top.blue);
    const bottom = await topRow('bottom');
    expect(bottom.blue).toBeGreaterThan(bottom.red);
    await call('/pictures/hero/home', { method: 'DELETE' });
  }, 60_000);

  it('keeps a payment QR code sharp (lossless PNG, uncropped, still readable) and refuses a picture that is no QR code', async () => {
    const refused = await replace('qr/venmo', await phonePhoto());
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(sitePictureMessages.notAQrCode);
    expect((await content()).pictures['qr/venmo']).toBeUndefined();

    const link = 'https://venmo.com/u/Rim-Country-Carpentry';
    const code = await QRCode.toBuffer(link, { width: 720, margin: 4 });
    const response = await replace('qr/venmo', code);
    expect(response.status).toBe(200);
    const { photo } = (await response.json()) as OwnerPicture;
    expect(photo).toMatchObject({ format: 'png', width: 600, height: 600, widths: [300, 600] });
    await eventually(10_000, async () => {
      expect((await content()).pictures['qr/venmo']?.id).toBe(photo!.id);
    });
    for (const w of photo!.widths) {
      const variant = await served(`${photo!.id}-${w}.png`);
      expect(variant.headers.get('content-type')).toBe('image/png');
      const { data, info } = await sharp(Buffer.from(await variant.arrayBuffer()))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([w, w]);
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(link);
    }
    // No lossy copy of it is made at all.
    expect((await served(`${photo!.id}-600.jpg`)).status).toBe(404);
    expect((await launch()).map((item) => item.id)).not.toContain('picture:images/qr/venmo.svg');
  }, 60_000);

  it('answers every place of the site, and refuses one that is not', async () => {
    const { pictures } = (await (await call('/pictures')).json()) as { pictures: OwnerPicture[] };
    expect(pictures).toHaveLength(34);
    expect(pictures.find((picture) => picture.name === 'qr/venmo')?.photo?.format).toBe('png');
    const unknown = await replace('services/spaceships', await phonePhoto());
    expect(unknown.status).toBe(404);
  });

  it('leaves nothing on the launch list, in his app and in `npm run check:launch`, once every picture and detail is his', async () => {
    // The smallest photos each place takes: one width each, so this stays quick.
    const square = await phonePhoto({ width: 700, height: 700, colour: '#5a7a3a' });
    const code = await QRCode.toBuffer('https://cash.app/$RimCountryCarpentry', { width: 400, margin: 4 });
    for (const place of picturePlaces) {
      const response = await replace(place.name, place.kind === 'qr' ? code : square);
      expect(response.status, place.name).toBe(200);
    }
    const saved = await call('/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        phone: '928-468-1234',
        email: 'dale@rimcountrycarpentry.com',
        rocLicense: 'ROC 334455',
        googleReviewUrl: 'https://g.page/r/CbQx1aZ9rK2mEBM/review',
        hours: [
          ...Array.from({ length: 6 }, () => ({ closed: false, open: '07:30', close: '16:30' })),
          { closed: true, open: '', close: '' },
        ],
        musicSiteUrl: 'https://hartmanfamilyband.com/',
        songVideoUrl: 'https://www.youtube.com/watch?v=abc123',
        currentPassword: password,
      }),
    });
    expect(saved.status).toBe(200);
    expect(await launch()).toEqual([]);
    const inApp = await savedInDatabase(app.database.db);
    const found = findPlaceholders({
      business: inApp.business ?? undefined,
      replacedPictures: inApp.pictures,
      siteUrl: 'https://www.rimcountrycarpentry.com',
    });
    expect(formatPlaceholders(found)).toBe('Launch check: no placeholders left. Ready to go live.');
  }, 180_000);
});
