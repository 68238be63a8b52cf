import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UploadedPhoto } from '@shared/content/types';
import type { OwnerProject } from '@shared/schemas/owner-projects';
import { shareLabelBox } from '../services/projects/share-labels';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { phonePhoto, photoAddressWords } from '../test/http';
import { jsonHeaders, signedInOwner } from '../test/owner-session';

describe.each(testDatabases)('the owner’s projects API on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'owner-projects', apps: [{}] });
  const site = app.servers[0]!;
  const { call } = signedInOwner(app);
  const upload = (body: Buffer, type = 'image/jpeg') =>
    call('/project-photos', { method: 'POST', body: new Uint8Array(body), headers: { 'Content-Type': type } });
  const save = (id: string, body: Record<string, unknown>) =>
    call(`/projects/${id}`, { method: 'PUT', body: JSON.stringify(body), headers: jsonHeaders });

  it('refuses a stranger: the projects and the upload answer 401', async () => {
    expect((await call('/projects', { signedIn: false })).status).toBe(401);
    expect((await call('/project-photos', { method: 'POST', body: 'x', signedIn: false })).status).toBe(401);
    const put = await call(`/projects/${randomUUID()}`, {
      method: 'PUT',
      body: '{}',
      signedIn: false,
      headers: jsonHeaders,
    });
    expect(put.status).toBe(401);
  });

  it('refuses bad files with a clear message and keeps nothing', async () => {
    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toMatch(/empty/);
    const text = await upload(Buffer.from('<html>not a photo</html>'), 'text/html');
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: string }).error).toMatch(/not a photo/);
    const huge = await sharp({ create: { width: 9000, height: 6700, channels: 3, background: '#fff' } })
      .jpeg({ quality: 10 })
      .toBuffer();
    const tooMany = await upload(huge);
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/60 megapixels/);
  });

  it('takes a 12-megapixel phone photo, portrait by its EXIF, and serves it upright without metadata', async () => {
    const response = await upload(await phonePhoto({ width: 4032, height: 3024, orientation: 6 }));
    expect(response.status).toBe(201);
    const photo = (await response.json()) as UploadedPhoto;
    expect(photo.height).toBeGreaterThan(photo.width);
    expect(photo.width / photo.height).toBeCloseTo(3024 / 4032, 2);
    const largest = photo.widths.at(-1)!;
    const variant = await sharp(
      Buffer.from(await (await call(`/project-photos/${photo.id}-${largest}.jpg`)).arrayBuffer()),
    ).metadata();
    expect(variant.width).toBe(largest);
    expect([variant.exif, variant.xmp, variant.iptc]).toEqual([undefined, undefined, undefined]);
    expect(variant.height).toBe(Math.round((largest * 4032) / 3024));
  }, 60_000);

  it('publishes nothing when the link preview cannot be made: the owner is told, and the project stays a draft', async () => {
    const [before, after] = await Promise.all(
      [1, 2].map(async () => (await (await upload(await phonePhoto())).json()) as UploadedPhoto),
    );
    const id = randomUUID();
    const fields = {
      title: 'Shaded Deck in Payson',
      service: 'decks',
      area: 'payson',
      beforePhotoId: before!.id,
      afterPhotoId: after!.id,
      beforeAlt: 'Bare patio',
      afterAlt: 'Patio under a new pergola',
      problem: 'No shade.',
      solution: 'We built a cedar pergola.',
    };
    expect((await save(id, { ...fields, action: 'draft' })).status).toBe(200);
    // The after photo's original is gone from the disk (a failed disk, a hand that tidied up).
    await rm(path.join(app.dir, 'uploads', 'project-photos', `${after!.id}-original.jpg`));
    const refused = await save(id, { ...fields, action: 'publish' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'A photo of this project is no longer on the server. Please add it again.',
    );
    const project = (await (await call(`/projects/${id}`)).json()) as OwnerProject;
    expect(project.status).toBe('draft');
    const content = (await (await fetch(`${site.base}/api/site-content`)).json()) as { projects: { title: string }[] };
    expect(content.projects.map((p) => p.title)).not.toContain(fields.title);
  });

  it('makes a phone photo upright, without metadata, in every size and format; publishes and unpublishes', async () => {
    const original = await phonePhoto({ orientation: 6 });
    // What there is to strip: EXIF with GPS, XMP and IPTC, each naming where the house is.
    const carried = await sharp(original).metadata();
    expect([carried.exif, carried.xmp, carried.iptc].every(Boolean)).toBe(true);
    const response = await upload(original);
    expect(response.status).toBe(201);
    const photo = (await response.json()) as UploadedPhoto;
    // 1600x1200 turned by its EXIF orientation: portrait.
    expect(photo).toMatchObject({ width: 1200, height: 1600, widths: [480, 800, 1200] });
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    const after = (await (await upload(await phonePhoto({ orientation: 6 }))).json()) as UploadedPhoto;

    const id = randomUUID();
    const fields = {
      title: 'Porch Deck Rebuilt in Pine',
      service: 'decks',
      area: 'pine',
      beforePhotoId: photo.id,
      afterPhotoId: after.id,
      beforeAlt: 'Rotten porch deck',
      afterAlt: 'New porch deck',
      problem: 'The boards were soft.',
      solution: 'We rebuilt the frame and decking.',
    };
    // A draft is never public: its photos are not served, the site content does not show it.
    expect((await save(id, { ...fields, action: 'draft' })).status).toBe(200);
    expect((await fetch(`${site.base}/img/projects/${photo.id}-800.jpg`)).status).toBe(404);
    // Publishing needs every field.
    const incomplete = await save(randomUUID(), { title: 'Only a title', action: 'publish' });
    expect(incomplete.status).toBe(400);

    const published = (await (await save(id, { ...fields, action: 'publish' })).json()) as OwnerProject;
    expect(published).toMatchObject({ status: 'published', slug: 'porch-deck-rebuilt-in-pine' });
    const content = (await (await fetch(`${site.base}/api/site-content`)).json()) as { projects: { slug: string }[] };
    expect(content.projects.map((p) => p.slug)).toEqual(['porch-deck-rebuilt-in-pine']);

    for (const name of [
      `${photo.id}-480.avif`,
      `${photo.id}-800.webp`,
      `${photo.id}-1200.jpg`,
      `${photo.id}_${after.id}-share.jpg`,
    ]) {
      const image = await fetch(`${site.base}/img/projects/${name}`);
      expect(image.status, name).toBe(200);
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await image.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
      expect(metadata.iptc, name).toBeUndefined();
      for (const words of ['PhoneMaker', photoAddressWords.xmp, photoAddressWords.iptc])
        expect(bytes.includes(words), `${name}: ${words}`).toBe(false);
    }
    // The link preview says which half is which: a "Before" and an "After" tag at the foot of each.
    const share = await sharp(
      Buffer.from(await (await fetch(`${site.base}/img/projects/${photo.id}_${after.id}-share.jpg`)).arrayBuffer()),
    )
      .raw()
      .toBuffer({ resolveWithObject: true });
    const tagTop = share.info.height - shareLabelBox.bottom - shareLabelBox.height;
    const pixel = (x: number, y: number) => {
      const at = (y * share.info.width + x) * share.info.channels;
      return [...share.data.subarray(at, at + 3)];
    };
    const tagColour = [0x1f, 0x3d, 0x2b];
    for (const left of [shareLabelBox.left, share.info.width / 2 + shareLabelBox.left]) {
      const [r, g, b] = pixel(left + 8, tagTop + shareLabelBox.height / 2);
      expect(
        [r, g, b].every((value, i) => Math.abs(value! - tagColour[i]!) < 24),
        `tag at ${left}`,
      ).toBe(true);
      // Its text, in the face's cream, a little further in.
      const text = Array.from({ length: 60 }, (_, i) => pixel(left + 20 + i, tagTop + shareLabelBox.height / 2));
      expect(
        text.some(([r, g, b]) => r! > 200 && g! > 200 && b! > 200),
        `text at ${left}`,
      ).toBe(true);
    }

    const list = (await (await call('/projects')).json()) as { projects: OwnerProject[] };
    expect(list.projects.map((p) => p.id)).toContain(id);

    expect((await call(`/projects/${id}/unpublish`, { method: 'POST' })).status).toBe(200);
    const gone = (await (await fetch(`${site.base}/api/site-content`)).json()) as { projects: unknown[] };
    expect(gone.projects).toEqual([]);
    expect((await fetch(`${site.base}/img/projects/${photo.id}-800.jpg`)).status).toBe(404);
  });
});
