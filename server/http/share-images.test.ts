import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { businessWith, type SavedBusinessDetails } from '@shared/content/business-facts';
import { emptySiteContent, type SiteContent } from '@shared/content/site-content';
import { shareImageSize } from '@shared/images';
import { shareImageJpeg, shareImageSvg, shareSubtitle } from '../services/text/page-share-image';
import { pageTitle, shareImages } from './share-images';

const logoFile = path.resolve(import.meta.dirname, '../../images/brand/logo.svg');
const saved: SavedBusinessDetails = {
  phoneDisplay: '(928) 468-1234',
  phoneE164: '+19284681234',
  email: business.email,
  rocLicense: 'ROC 123456',
  googleReviewUrl: 'https://g.page/r/CbQx1aZ9rK2mEBM/review',
  hours: Array.from({ length: 7 }, () => null),
  musicSiteUrl: 'https://hartmanfamilyband.com/',
  songVideoUrl: 'https://www.youtube.com/watch?v=abc123',
};
const homeTitle = 'Decks & Porches in Payson';
const pages: Record<string, string> = {
  '/': `<html><head><title>${homeTitle.replace('&', '&amp;')} | ${business.name}</title></head></html>`,
  '/services/decks': `<html><head><title>Decks | ${business.name}</title></head></html>`,
};

/** Raw RGB pixels of a JPEG, row by row. */
const pixels = async (jpeg: Buffer) => sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });

describe('the share images with the saved phone', () => {
  let content: SiteContent = { ...emptySiteContent, business: saved };
  let base = '';
  let close = () => {};
  const logo = import('node:fs/promises').then((fs) => fs.readFile(logoFile, 'utf8'));

  beforeAll(async () => {
    const app = express();
    app.use(shareImages({ content: () => content, pageHtml: (p) => pages[p], logoFile }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('reads a page’s own title as the build did', () => {
    expect(pageTitle(pages['/'])).toBe(homeTitle);
  });

  it('draws the page’s image with the saved phone, by the build’s function, and only the phone line differs', async () => {
    const answer = await fetch(`${base}/img/og/home.19284681234.jpg`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await answer.arrayBuffer());

    const withSaved = await shareImageJpeg(
      await shareImageSvg(homeTitle, shareSubtitle(businessWith(saved)), await logo),
    );
    expect(served.equals(withSaved)).toBe(true);

    // Against the build's picture (the default phone): the same image but for the line that names the phone.
    const built = await shareImageJpeg(await shareImageSvg(homeTitle, shareSubtitle(business), await logo));
    const [a, b] = await Promise.all([pixels(served), pixels(built)]);
    expect(a.info).toMatchObject(shareImageSize);
    const rowBytes = a.info.width * a.info.channels;
    const changedRows: number[] = [];
    for (let y = 0; y < a.info.height; y++) {
      let changed = 0;
      for (let i = y * rowBytes; i < (y + 1) * rowBytes; i++) if (Math.abs(a.data[i]! - b.data[i]!) > 24) changed++;
      if (changed > 3) changedRows.push(y);
    }
    expect(changedRows.length).toBeGreaterThan(10);
    // One band of a text line's height (30 px type, the JPEG's 16 px blocks around it), below the title.
    expect(changedRows.at(-1)! - changedRows[0]!).toBeLessThan(64);
    expect(changedRows[0]).toBeGreaterThan(250);
  });

  it('draws nothing for another phone, a page the site does not have, or while the phone is the default', async () => {
    expect((await fetch(`${base}/img/og/home.19285550147.jpg`)).status).toBe(404);
    expect((await fetch(`${base}/img/og/nowhere.19284681234.jpg`)).status).toBe(404);
    expect((await fetch(`${base}/img/og/services-decks.19284681234.jpg`)).status).toBe(200);
    content = emptySiteContent;
    expect((await fetch(`${base}/img/og/home.19284681234.jpg`)).status).toBe(404);
  });
});
