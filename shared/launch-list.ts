import type { Business } from './content/business-facts';
import { pictureAnchor, picturePlace } from './content/site-pictures';
import { defaultSiteUrl } from './site';

/**
 * What is left before going live, as the owner's app lists it ("Before going live: N left" on
 * /owner) and `npm run check:launch` prints it: the same checks on the same facts (the saved
 * ones, else shared/content/business.ts's).
 */
export interface LaunchItem {
  /** Stable, e.g. 'phone', 'picture:images/services/decks.svg', 'site-url'. */
  id: string;
  kind: 'business' | 'picture' | 'qr' | 'site' | 'content';
  /** What is a placeholder, in the owner's words. */
  what: string;
  /** Where he fixes it in his app; null: on the server (whoever runs it). */
  href: string | null;
}

/** 555-0100 to 555-0199 are reserved for fiction; any 555 exchange is worth a second look. */
export const fictionalPhone = /(?<!\d)(?:\+1|\()?\d{3}\)?[\s.-]?555[\s.-]?\d{4}(?!\d)/;
/** Domains reserved for documentation and tests (RFC 2606 / 6761). */
export const reservedDomain =
  /(?:^|[.@/])(?:example\.(?:com|net|org)|[a-z0-9-]+\.(?:example|test|invalid|localhost))(?=$|[/:?#\s"'),])/i;

export function isReservedHost(url: string): boolean {
  try {
    return reservedDomain.test(`/${new URL(url).hostname}`);
  } catch {
    return true;
  }
}

/** The shipped placeholder, an example link, or not a link at all: review requests would send homeowners nowhere. */
export function isPlaceholderReviewLink(url: string): boolean {
  return /YOUR-PLACE-ID/i.test(url) || isReservedHost(url) || !/^https:\/\//.test(url);
}

const settings = '/owner/settings';

/** The business details still placeholders. */
export function businessLaunchItems(
  business: Pick<Business, 'phoneDisplay' | 'phoneE164' | 'email' | 'rocLicense' | 'googleReviewUrl'> & {
    musicSite: { url: string };
    songVideo: { url: string };
  },
): LaunchItem[] {
  const items: LaunchItem[] = [];
  const add = (id: string, what: string) => items.push({ id, kind: 'business', what, href: settings });
  if (fictionalPhone.test(business.phoneDisplay) || fictionalPhone.test(business.phoneE164))
    add('phone', `Phone: ${business.phoneDisplay} is a made-up 555 number`);
  if (reservedDomain.test(business.email)) add('email', `E-mail: ${business.email} is a made-up address`);
  if (!/\d/.test(business.rocLicense) || /^\D*0+$/.test(business.rocLicense))
    add('roc', `ROC licence number: ${business.rocLicense} is not a licence number`);
  if (isPlaceholderReviewLink(business.googleReviewUrl))
    add('google-review', `Google review link: ${business.googleReviewUrl} is not your Google review link`);
  if (isReservedHost(business.musicSite.url))
    add('music-site', `Family band's site: ${business.musicSite.url} is an example link`);
  if (isReservedHost(business.songVideo.url))
    add('song-video', `Song video: ${business.songVideo.url} is an example link`);
  return items;
}

/** The site's address (SITE_URL): the owner cannot change it himself, so the words say who does. */
export function siteUrlLaunchItem(siteUrl: string): LaunchItem | null {
  return siteUrl.replace(/\/+$/, '') === defaultSiteUrl || isReservedHost(siteUrl)
    ? {
        id: 'site-url',
        kind: 'site',
        what: `Site address: ${siteUrl} is a sample address; whoever put the site online sets its real one`,
        href: null,
      }
    : null;
}

/** The picture's name of a file in images/: 'images/services/decks.svg' -> 'services/decks'. */
export const pictureNameOfFile = (file: string) => file.replace(/^images\/|\.\w+$/g, '');

/** A picture's name in plain words when no place names it: 'services/tile-work' -> 'tile work'. */
const plainNameOf = (name: string) => (name.split('/').at(-1) ?? name).replaceAll('-', ' ');

/**
 * A drawn picture or placeholder QR code not yet replaced (images/, by file name), linking to its
 * place on /owner/photos. The owner reads the place's name; the file stays in the id, for
 * `npm run check:launch`.
 */
export function pictureLaunchItem(file: string, qr: boolean): LaunchItem {
  const name = pictureNameOfFile(file);
  const label = picturePlace(name)?.label ?? plainNameOf(name);
  return {
    id: `picture:${file}`,
    kind: qr ? 'qr' : 'picture',
    what: qr ? `Payment QR code: ${label} is a placeholder` : `Drawn picture: ${label}`,
    href: `/owner/photos#${pictureAnchor(name)}`,
  };
}
