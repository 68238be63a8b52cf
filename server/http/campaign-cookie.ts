import type { Request, Response } from 'express';
import { clickIdKeys, isCampaignTouch, touchFromUrls, utmKeys, type LeadSource, type Touch } from '@shared/lead-source';
import { leadSourceSchema } from '@shared/schemas/lead-source';

/**
 * The ad that brought a visitor, kept without scripts: when a page is requested with campaign tags
 * (utm_*, an ad's click id), the answer sets this first-party cookie (30 days, named in the privacy
 * policy) holding the arrival as the browser's own record has it (shared/lead-source.ts: the
 * landing page's path and tags, the other site's host). The plain form post (POST /contact) reads
 * it, so a request sent before any script ran, after a hop through a plain link such as Get Free
 * Quote, still says Facebook / spring-decks. The site's links keep their addresses. HttpOnly: the
 * page's script keeps its own record in local storage and sends that with the request instead.
 */
export const campaignCookieName = 'rcc_campaign';
export const campaignCookieMaxAgeSeconds = 30 * 24 * 3600;
/** Far below a browser's 4 KB per cookie, with room for the name and attributes. */
const maxValueLength = 3000;

const campaignKeys: readonly string[] = [...utmKeys, ...clickIdKeys];

/** Whether the address carries campaign tags (a quick look before any parsing). */
export function hasCampaignTags(req: Request): boolean {
  const query = req.originalUrl.indexOf('?');
  if (query < 0) return false;
  const params = new URLSearchParams(req.originalUrl.slice(query + 1));
  return campaignKeys.some((key) => params.has(key));
}

/**
 * Sets the cookie on a page's answer when its address carries campaign tags: the first arrival
 * kept (it is what brought the visitor), this one as the latest. Returns whether it was set (the
 * answer is then private to this visitor, not for a shared cache).
 */
export function setCampaignCookie(req: Request, res: Response, at = Date.now()): boolean {
  if (!hasCampaignTags(req)) return false;
  const pageUrl = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;
  const touch = touchFromUrls(pageUrl, req.get('referer'), at);
  if (!isCampaignTouch(touch)) return false;
  const kept = campaignFromCookie(req.get('cookie'));
  const source: LeadSource = kept ? { first: kept.first, last: touch } : { first: touch };
  let value = encode(source);
  if (value.length > maxValueLength) value = encode({ first: touch });
  if (value.length > maxValueLength) return false;
  res.append(
    'Set-Cookie',
    `${campaignCookieName}=${value}; Max-Age=${campaignCookieMaxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${req.secure ? '; Secure' : ''}`,
  );
  return true;
}

/** The arrivals the cookie holds, checked as any attribution is; undefined when none or not one. */
export function campaignFromCookie(cookieHeader: string | undefined): LeadSource | undefined {
  if (!cookieHeader) return undefined;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${campaignCookieName}=`))
    ?.slice(campaignCookieName.length + 1);
  if (!raw || raw.length > maxValueLength) return undefined;
  try {
    const parsed = leadSourceSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the server saw of a plain post's visitor: the cookie's arrivals, with the page the form
 * was sent from (the Referer) as the latest when that names a campaign or another site; the
 * Referer alone without the cookie.
 */
export function seenLeadSource(cookie: LeadSource | undefined, referer: unknown): unknown {
  if (!cookie) return referer;
  const fromReferer = (referer as { first?: Touch } | undefined)?.first;
  if (fromReferer && isCampaignTouch(fromReferer) && fromReferer.landingPage !== cookie.first.landingPage)
    return { first: cookie.first, last: fromReferer };
  return cookie;
}

const encode = (source: LeadSource) => Buffer.from(JSON.stringify(source), 'utf8').toString('base64url');
