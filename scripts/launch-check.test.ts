import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '../shared/content/business';
import { businessDetailsFormSchema } from '../shared/schemas/business-details';
import { openDatabase } from '../server/db/client';
import { createSiteSettings } from '../server/services/settings/site-settings';
import { setOwnerPassword } from '../server/services/owner/owner-sessions';
import { ownBusinessDetails } from '../server/test/business-details';
import { quickPasswordHash, setupTimeout, tempDir } from '../server/test/http';
import { testNodeFlags } from '../server/test/node-flags';
import { findPlaceholders, formatPlaceholders, launchCheck, launchWarning, siteContent } from './launch-check';

const root = path.resolve(import.meta.dirname, '..');

/** The business facts as the owner fills them in. */
const filledIn = {
  ...business,
  phoneDisplay: '(928) 474-2210',
  phoneE164: '+19284742210',
  email: 'dale@rimcountrycarpentry.com',
  rocLicense: 'ROC 334455',
  musicSite: { ...business.musicSite, url: 'https://www.hartmanfamilyband.com' },
  songVideo: { ...business.songVideo, url: 'https://www.youtube.com/watch?v=abc123' },
  googleReviewUrl: 'https://g.page/r/CbQx1aZ9rK2mEBM/review',
};

describe('the launch check', () => {
  let photoRoot: string;

  beforeAll(async () => {
    // A copy of images/ where the owner has put a photo (or the real QR code) beside every drawing.
    photoRoot = mkdtempSync(path.join(tmpdir(), 'rcc-launch-'));
    cpSync(path.join(root, 'images'), path.join(photoRoot, 'images'), { recursive: true });
    const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#8a6a4a' } })
      .jpeg()
      .toBuffer();
    for (const folder of readdirSync(path.join(photoRoot, 'images'))) {
      if (folder === 'brand') continue;
      for (const file of readdirSync(path.join(photoRoot, 'images', folder)))
        if (file.endsWith('.svg'))
          writeFileSync(path.join(photoRoot, 'images', folder, file.replace(/\.svg$/, '.jpg')), jpeg);
    }
  });

  afterAll(() => rmSync(photoRoot, { recursive: true, force: true }));

  it("lists every placeholder of today's content", () => {
    const found = findPlaceholders();
    const text = formatPlaceholders(found);
    for (const expected of [
      business.phoneDisplay,
      business.email,
      business.rocLicense,
      business.musicSite.url,
      business.songVideo.url,
      `Google review link: ${business.googleReviewUrl}`,
      'images/qr/: cash-app.svg, venmo.svg',
      'roofing.svg',
      'deck-rebuild-before.svg',
      'images/people/: owner.svg',
      'images/hero/: home.svg',
      'SITE_URL',
    ])
      expect(text).toContain(expected);
    // every drawn picture by name: 18 services, 12 gallery pictures, owner, hero, 2 QR codes
    expect(found.filter((p) => p.kind === 'picture')).toHaveLength(32);
    expect(found.filter((p) => p.kind === 'qr')).toHaveLength(2);
  });

  it('passes once the facts, pictures and site address are real', () => {
    const found = findPlaceholders({
      root: photoRoot,
      business: filledIn,
      siteUrl: 'https://www.rimcountrycarpentry.com',
    });
    expect(found).toEqual([]);
    expect(formatPlaceholders(found)).toBe('Launch check: no placeholders left. Ready to go live.');
  });

  it('counts a picture the owner replaced in his app (/owner/photos) as set', () => {
    const replaced = new Set(['services/decks', 'qr/venmo']);
    const found = findPlaceholders({ replacedPictures: replaced }).map((p) => p.where);
    expect(found).not.toContain('images/services/decks.svg');
    expect(found).not.toContain('images/qr/venmo.svg');
    expect(found).toContain('images/qr/cash-app.svg');
    expect(formatPlaceholders(findPlaceholders())).toContain('/owner/photos');
  });

  it('finds each kind on its own, and test values typed into other texts', () => {
    const real = { root: photoRoot, business: filledIn, siteUrl: 'https://rimcountrycarpentry.com/' };
    const kinds = (input: Parameters<typeof findPlaceholders>[0]) =>
      findPlaceholders({ ...real, ...input }).map((p) => p.what);
    expect(kinds({ business: { ...filledIn, phoneE164: '+19285550100' } })).toHaveLength(1);
    expect(kinds({ business: { ...filledIn, email: 'quotes@example.com' } })).toHaveLength(1);
    expect(kinds({ business: { ...filledIn, rocLicense: 'ROC' } })).toHaveLength(1);
    expect(kinds({ business: { ...filledIn, googleReviewUrl: 'https://reviews.example/ours' } })).toHaveLength(1);
    expect(kinds({ siteUrl: 'https://shop.example' })).toHaveLength(1);
    const typed = kinds({
      content: { ...siteContent, about: { story: 'Call (602) 555-0199 or see https://www.example.com/x.' } },
    });
    expect(typed).toEqual([
      'about.story: (602) 555-0199 is a fictional 555 number',
      'about.story: https://www.example.com/x is an example link',
    ]);
  });

  // A process of its own through tsx: on a busy two-core machine its start alone took over 20 s.
  it('`npm run check:launch` exits 1 with the list while placeholders remain', { timeout: 120_000 }, () => {
    const run = spawnSync(process.execPath, [...testNodeFlags, '--import', 'tsx', 'scripts/launch-check.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, SITE_URL: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('placeholders left');
    expect(run.stdout).toContain(business.phoneDisplay);
  });
});

describe("npm run build's launch warning", () => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('launch-warning');
  });
  afterAll(() => data.remove());

  it('says it checked only the defaults while there is no database', async () => {
    const warning = await launchWarning({ DATA_DIR: data.dir, SITE_URL: '' });
    expect(warning).toContain(business.phoneDisplay);
    expect(warning).toContain("Checked the build's defaults only");
  });

  it('says so when the database cannot be read, and lists the defaults', async () => {
    const warning = await launchWarning({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', SITE_URL: '' });
    expect(warning).toContain(business.phoneDisplay);
    expect(warning).toContain(
      "Checked the build's defaults only: the database could not be read (connect ECONNREFUSED",
    );
  });

  it(
    'reads the list check:launch reads: the details the owner saved in his app count',
    async () => {
      const database = await openDatabase({ dataDir: data.dir });
      try {
        // A new e-mail asks for his password (the route counts and checks it: owner-settings.test.ts).
        await setOwnerPassword(database.transaction, 'ponderosa pine at noon', quickPasswordHash);
        await createSiteSettings({ database }).saveDetails(
          businessDetailsFormSchema.parse({ ...ownBusinessDetails, currentPassword: 'ponderosa pine at noon' }),
          async () => {},
        );
      } finally {
        await database.close();
      }
      const env = { DATA_DIR: data.dir, SITE_URL: 'https://www.rimcountry.com' };
      const warning = await launchWarning(env);
      expect(warning).toBe((await launchCheck(env)).text);
      expect(warning).toContain('Read from the database');
      expect(warning).not.toContain('Business details');
      expect(warning).not.toContain(business.phoneDisplay);
      // What is left is his to do in the app: the drawn pictures.
      expect(warning).toContain('images/services/: ');
    },
    setupTimeout,
  );
});
