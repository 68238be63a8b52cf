import { readFile } from 'node:fs/promises';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { defaultBusiness } from '@shared/content/business-facts';
import { siteBusiness, type SiteContent } from '@shared/content/site-content';
import { shareImageKey, sharePhoneTag } from '@shared/images';
import { sitePaths } from '@shared/routes';
import { safeError } from '../logger';
import { shareImageJpeg, shareImageSvg, shareSubtitle } from '../services/text/page-share-image';

/**
 * The pages' share (Open Graph) images with the phone the owner saved. The build draws every
 * page's `/img/og/<page>.jpg` with the phone of shared/content/business.ts; once he saves another,
 * the pages (rendered again for the content version, components/seo.tsx) name
 * `/img/og/<page>.<phone digits>.jpg` instead, a new address, so that no cache keeps the old
 * picture under it. This draws that image on its first request, by the build's own function
 * (services/text/page-share-image.ts) with the page's title as its page shows it, and keeps it in
 * memory while that phone is the saved one. Any other phone, or a page the site does not have, is
 * not found: nothing is drawn for an address made up.
 */
export function shareImages(options: {
  /** The content this server shows now (the content watcher's). */
  content: () => SiteContent;
  /** The HTML of a page as this server serves it now ('/services/decks'), for its title. */
  pageHtml: (path: string) => string | undefined | Promise<string | undefined>;
  /** The logo as the build drew it in (images/brand/logo.svg). */
  logoFile: string;
  logger?: { warn: (fields: object, message: string) => void };
}): RequestHandler {
  let drawn = new Map<string, Promise<Buffer>>();
  let drawnFor = '';
  let logo: Promise<string> | undefined;

  const draw = async (title: string, subtitle: string) => {
    logo ??= readFile(options.logoFile, 'utf8').catch(() => '');
    return shareImageJpeg(await shareImageSvg(title, subtitle, await logo));
  };

  const handler = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = /^\/img\/og\/([a-z0-9-]+)\.(\d{11,15})\.jpg$/.exec(req.path);
    if (!match) return next();
    const [, key, digits] = match as unknown as [string, string, string];
    const content = options.content();
    const business = siteBusiness(content);
    const tag = business.phoneE164 === defaultBusiness.phoneE164 ? undefined : sharePhoneTag(business.phoneE164);
    const path = tag === digits ? sitePaths(content).find((p) => shareImageKey(p) === key) : undefined;
    const title = path ? pageTitle(await options.pageHtml(path)) : undefined;
    if (!title) return next();
    if (drawnFor !== digits) {
      drawn = new Map();
      drawnFor = digits;
    }
    const id = `${key}\n${title}`;
    let image = drawn.get(id);
    if (!image) {
      image = draw(title, shareSubtitle(business));
      drawn.set(id, image);
      image.catch(() => drawn.delete(id));
    }
    image.then(
      (jpeg) => {
        res.setHeader('Content-Type', 'image/jpeg');
        // As the build's images (static-site.ts): a day; its address changes with the phone.
        res.setHeader('Cache-Control', 'public, max-age=86400');
        res.setHeader('Content-Length', String(jpeg.length));
        res.status(200).end(req.method === 'HEAD' ? undefined : jpeg);
      },
      (error: unknown) => {
        options.logger?.warn({ error: safeError(error) }, 'share image not drawn');
        next(error);
      },
    );
  };
  return (req, res, next) => void handler(req, res, next).catch(next);
}

/** A page's own title from its HTML, as the build's share image has it (scripts/prerender.ts: without " | <business name>"). */
export function pageTitle(html: string | undefined): string | undefined {
  const title = html && /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (!title) return undefined;
  const own = title.split(' | ').find((part) => part !== defaultBusiness.name) ?? title;
  return own
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
