import path from 'node:path';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SiteContent } from '@shared/content/site-content';
import { picturePlaces } from '@shared/content/site-pictures';
import { imageKinds } from '@shared/images';
import { pictureLaunchItem, type LaunchItem } from '@shared/launch-list';
import { sitePictureMessages, type OwnerPicture } from '@shared/schemas/site-pictures';
import { imageSources } from '../../scripts/images/catalog';
import { findPlaceholders, formatPlaceholders, savedInDatabase } from '../../scripts/launch-check';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { phonePhoto, photoAddressWords } from '../test/http';
import { ownerPassword, signedInOwner } from '../test/owner-session';
import { eventually } from '../test/wait-for';

const root = path.resolve(import.meta.dirname, '../..');
/** The drawn pictures still in images/, as server/index.ts gives them to the launch list. */
const launchPictures = () =>
  imageSources(root)
    .filter((source) => !source.isPhoto)
    .map((source) => pictureLaunchItem(source.file, source.kind === 'qr'));

describe.each(testDatabases)('the owner’s photos in place of drawings on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'owner-pictures', apps: [{ launchPictures }] });
  const site = app.servers[0]!;
  const { call } = signedInOwner(app);
  const replace = (name: string, body: Buffer, query = 'x=50&y=50') =>
    call(`/pictures/${name}?${query}`, {
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

  it('puts a 12-megapixel phone photo with GPS in place of the Decks drawing, at every width of a service picture, without metadata; Use the drawing brings the drawing back, and his photo can be put back', async () => {
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

    // His photo is kept, offered back on /owner/photos, and put back as it was.
    const places = ((await (await call('/pictures')).json()) as { pictures: OwnerPicture[] }).pictures;
    expect(places.find((place) => place.name === 'services/decks')).toMatchObject({
      photo: null,
      setAside: { id: photo!.id },
    });
    const back = await call('/pictures/services/decks/put-back', { method: 'POST' });
    expect(back.status).toBe(200);
    expect(((await back.json()) as OwnerPicture).photo?.id).toBe(photo!.id);
    await eventually(10_000, async () => {
      expect((await content()).pictures['services/decks']?.id).toBe(photo!.id);
    });
    expect((await served(`${photo!.id}-800.webp`)).status).toBe(200);
    const again = await call('/pictures/services/decks/put-back', { method: 'POST' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe(sitePictureMessages.nothingToPutBack);
    await call('/pictures/services/decks', { method: 'DELETE' });
  }, 120_000);

  it('keeps the point of the photo the owner tapped, across and down, and the pages keep it in every crop', async () => {
    /** A photo of one colour with a red band on one side (across or down), as a subject off the middle. */
    const banded = (
      width: number,
      height: number,
      band: { left: number; top: number; width: number; height: number },
    ) =>
      sharp({ create: { width, height, channels: 3, background: '#1030c0' } })
        .composite([{ input: { create: { ...band, channels: 3, background: '#d02010' } }, ...band }])
        .jpeg()
        .toBuffer();
    /** Red or blue at a point of the 640 px hero variant. */
    const colourAt = async (query: string, photoBytes: Buffer, at: { left: number; top: number }) => {
      const { photo } = (await (await replace('hero/home', photoBytes, query)).json()) as OwnerPicture;
      const file = await call(`/project-photos/${photo!.id}-640.jpg`);
      const { data } = await sharp(Buffer.from(await file.arrayBuffer()))
        .extract({ ...at, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { photo: photo!, red: data[0]! > data[2]! };
    };
    // A tall photo, red at the top: the wide hero keeps the top or the bottom.
    const tall = await banded(1600, 2400, { left: 0, top: 0, width: 1600, height: 400 });
    expect((await colourAt('x=50&y=0', tall, { left: 320, top: 2 })).red).toBe(true);
    expect((await colourAt('x=50&y=100', tall, { left: 320, top: 2 })).red).toBe(false);
    // A panorama, red at its right end: the right or the left is kept.
    const wide = await banded(4000, 1000, { left: 3600, top: 0, width: 400, height: 1000 });
    const right = await colourAt('x=95&y=40', wide, { left: 637, top: 180 });
    expect(right.red).toBe(true);
    expect(right.photo.focus).toEqual({ x: 95, y: 40 });
    expect((await colourAt('x=5&y=40', wide, { left: 637, top: 180 })).red).toBe(false);
    // The pages get the point, to crop it further around it (the home page's header on a phone).
    const kept = await colourAt('x=95&y=40', wide, { left: 637, top: 180 });
    await eventually(10_000, async () => {
      expect((await content()).pictures['hero/home']).toMatchObject({ id: kept.photo.id, focus: { x: 95, y: 40 } });
    });
    await call('/pictures/hero/home', { method: 'DELETE' });
  }, 90_000);

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
    expect(photo).toMatchObject({ format: 'png', width: 600, height: 600, widths: [300, 600], qrText: link });
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
        currentPassword: ownerPassword,
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
