import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { projectPhotoMessages } from '@shared/schemas/owner-projects';
import { sitePictureMessages, type OwnerPicture } from '@shared/schemas/site-pictures';
import { serveOwnerInbox } from './test/owner-inbox-site';
import { testDatabases } from './test/databases';

/**
 * The probe's findings on the owner's pictures (/owner/photos and the project photos): a payment
 * QR code that opens anything but a payment app, and a picture of more pixels than the server can
 * afford to decode, refused by its header before a single row of it is decoded.
 */

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header says `side` x `side` pixels but whose image data is a few rows: a server
 * that decodes it before checking its size finds it broken (a 415, "not a photo"); one that reads
 * the header first refuses it for its pixels (a 413) without decoding anything.
 */
function hugePngHeader(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(3 * side + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(testDatabases)('the owner’s pictures against the probe on $kind', (testDb) => {
  const { first, session, call } = serveOwnerInbox(testDb);
  const put = async (path: string, body: Buffer, method = 'PUT') =>
    call(first.base, path, await session(), {
      method,
      body: new Uint8Array(body),
      headers: { 'Content-Type': 'image/png' },
    });
  const errorOf = async (response: Response) => (await response.json()) as { error: string; qrText?: string };

  it('refuses a 7,000 x 7,000 PNG on a QR code place by its header, with a clear message', async () => {
    const response = await put('/pictures/qr/venmo', hugePngHeader(7000));
    expect(response.status).toBe(413);
    expect((await errorOf(response)).error).toBe(sitePictureMessages.qrTooManyPixels(49_000_000));
    expect((await errorOf(await put('/pictures/qr/venmo', hugePngHeader(7000)))).error).toMatch(
      /^This picture is 49 megapixels, more than the 16 megapixels/,
    );
  });

  it('refuses a picture of too many pixels by its header on the site photos and the project photos too', async () => {
    for (const path of ['/pictures/hero/home?x=50&y=50', '/pictures/services/decks', '/project-photos']) {
      const response = await put(path, hugePngHeader(8000), path === '/project-photos' ? 'POST' : 'PUT');
      expect(response.status, path).toBe(413);
      expect((await errorOf(response)).error, path).toBe(projectPhotoMessages.tooManyPixels(64_000_000));
    }
  });

  it('shows the owner what a QR code says and asks before one that opens no payment app goes on the site', async () => {
    for (const text of [
      'javascript:alert(document.cookie)',
      'https://pay-here.example/venmo',
      'http://venmo.com.example/u/x',
    ]) {
      const code = await QRCode.toBuffer(text, { width: 400, margin: 4 });
      const refused = await put('/pictures/qr/venmo', code);
      expect(refused.status, text).toBe(409);
      expect(await errorOf(refused), text).toEqual({ error: sitePictureMessages.qrNotAPaymentApp, qrText: text });
      const places = (
        (await (await call(first.base, '/pictures', await session())).json()) as { pictures: OwnerPicture[] }
      ).pictures;
      expect(places.find((place) => place.name === 'qr/venmo')?.photo, text).toBeNull();
    }
    // He read it and confirms that very text: it goes on the site, and he sees what it says.
    const text = 'https://pay-here.example/venmo';
    const code = await QRCode.toBuffer(text, { width: 400, margin: 4 });
    const confirmedOther = await put(
      `/pictures/qr/venmo?confirm=${encodeURIComponent('https://other.example/')}`,
      code,
    );
    expect(confirmedOther.status).toBe(409);
    const confirmed = await put(`/pictures/qr/venmo?confirm=${encodeURIComponent(text)}`, code);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as OwnerPicture).photo?.qrText).toBe(text);
    // A payment app's own address needs no second look.
    const cashApp = await QRCode.toBuffer('https://cash.app/$RimCountryCarpentry', { width: 400, margin: 4 });
    const paid = await put('/pictures/qr/cash-app', cashApp);
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as OwnerPicture).photo?.qrText).toBe('https://cash.app/$RimCountryCarpentry');
    await call(first.base, '/pictures/qr/venmo', await session(), { method: 'DELETE' });
    await call(first.base, '/pictures/qr/cash-app', await session(), { method: 'DELETE' });
  }, 60_000);

  it('a QR code still under the limit is read as before', async () => {
    const code = await sharp(
      await QRCode.toBuffer('https://venmo.com/u/Rim-Country-Carpentry', { width: 400, margin: 4 }),
    )
      .resize(3000, 3000, { kernel: 'nearest' })
      .png()
      .toBuffer();
    const response = await put('/pictures/qr/venmo', code);
    expect(response.status).toBe(200);
    await call(first.base, '/pictures/qr/venmo', await session(), { method: 'DELETE' });
  }, 60_000);
});
