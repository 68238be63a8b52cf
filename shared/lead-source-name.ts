import type { LeadSource, Touch } from './lead-source';

/**
 * The source names the owner reads in the inbox and on the results page. Anything else is the
 * domain of the site the visitor came from, or the `utm_source` of a link he tagged himself
 * (`yard-sign`, `newsletter`).
 */
export const sourceNames = {
  googleAds: 'Google Ads',
  googleSearch: 'Google search',
  googleBusinessProfile: 'Google Business Profile',
  facebook: 'Facebook',
  instagram: 'Instagram',
  bing: 'Bing',
  direct: 'Direct',
  /** A tag or site name too long or too odd to be a row of its own, or a source that was not one. */
  other: 'Other',
} as const;

/**
 * A name from a link's utm_source or another site's host becomes a row of the results page as it
 * is only when it reads as a name (`yard-sign`, `nextdoor.com`): short, plain letters, digits and
 * `. _ - +` or spaces. Anything else, 200 characters of whatever a script sent say, counts as Other.
 */
const plainName = /^[a-z0-9][a-z0-9 ._+-]{0,62}$/;
const asName = (name: string) => (plainName.test(name) ? name : sourceNames.other);

/** A request stored without any source data (before sources were recorded, or refused data). */
export const unknownSource = 'Not recorded';

/**
 * The tags for the website link of the Google Business Profile (docs/owner-guide.md):
 * `https://www.example.com/?utm_source=google&utm_medium=organic&utm_campaign=gbp`.
 */
export const googleBusinessProfileTags = { utm_source: 'google', utm_medium: 'organic', utm_campaign: 'gbp' } as const;

export interface DerivedSource {
  /** What the owner reads: `Google Ads`, `Facebook`, `nextdoor.com`, `Direct`... */
  source: string;
  /** utm_medium when the link had one; otherwise what the arrival says: cpc, organic, social, referral, none. */
  medium: string;
}

const paidMediums = new Set([
  'cpc',
  'ppc',
  'paid',
  'paidsearch',
  'paid-search',
  'paid_search',
  'sem',
  'ads',
  'paid-social',
  'paid_social',
  'paidsocial',
]);
const googleSources = new Set(['google', 'google.com', 'adwords', 'googleads', 'google-ads', 'google_ads']);
const businessProfileSources = new Set([
  'gbp',
  'gmb',
  'google-business',
  'google_business',
  'googlebusinessprofile',
  'google-business-profile',
  'google-maps',
  'googlemaps',
]);
const businessProfileCampaigns = new Set(['gbp', 'gmb', 'google-business-profile', 'business-profile']);
const facebookSources = new Set(['facebook', 'facebook.com', 'fb', 'meta', 'm.facebook.com']);
const instagramSources = new Set(['instagram', 'instagram.com', 'ig']);
const bingSources = new Set(['bing', 'bing.com', 'microsoft', 'msn']);

/** `www.google.com`, `google.co.uk`, `www.google.com.au`: a Google search page of any country. */
const isGoogleHost = (host: string) => /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host);
const isFacebookHost = (host: string) => /(^|\.)(facebook\.com|fb\.com|fb\.me)$/.test(host);
const isInstagramHost = (host: string) => /(^|\.)instagram\.com$/.test(host);
const isBingHost = (host: string) => /(^|\.)bing\.com$/.test(host);

/** The source of one arrival (see sourceNames). Pure: the same touch always gives the same name. */
export function sourceOfTouch(touch: Touch | undefined): DerivedSource {
  if (!touch) return { source: sourceNames.direct, medium: 'none' };
  const utmSource = touch.utm_source?.toLowerCase();
  const utmMedium = touch.utm_medium?.toLowerCase();
  const campaign = touch.utm_campaign?.toLowerCase();
  const host = touch.referrer?.toLowerCase();
  const medium = (inferred: string) => utmMedium ?? inferred;
  const paid = utmMedium !== undefined && paidMediums.has(utmMedium);

  if (
    (utmSource && businessProfileSources.has(utmSource)) ||
    (utmSource && googleSources.has(utmSource) && campaign && businessProfileCampaigns.has(campaign))
  ) {
    return { source: sourceNames.googleBusinessProfile, medium: medium('organic') };
  }
  if (touch.gclid || touch.gbraid || touch.wbraid || (utmSource && googleSources.has(utmSource) && paid)) {
    return { source: sourceNames.googleAds, medium: medium('cpc') };
  }
  if (touch.msclkid || (utmSource && bingSources.has(utmSource))) {
    return { source: sourceNames.bing, medium: medium(touch.msclkid ? 'cpc' : 'organic') };
  }
  if (touch.fbclid || (utmSource && facebookSources.has(utmSource))) {
    return { source: sourceNames.facebook, medium: medium('social') };
  }
  if (utmSource && instagramSources.has(utmSource)) return { source: sourceNames.instagram, medium: medium('social') };
  if (utmSource && googleSources.has(utmSource)) return { source: sourceNames.googleSearch, medium: medium('organic') };
  if (utmSource) return { source: asName(utmSource), medium: medium('referral') };
  if (host) {
    if (isGoogleHost(host)) return { source: sourceNames.googleSearch, medium: medium('organic') };
    if (isBingHost(host)) return { source: sourceNames.bing, medium: medium('organic') };
    if (isFacebookHost(host)) return { source: sourceNames.facebook, medium: medium('social') };
    if (isInstagramHost(host)) return { source: sourceNames.instagram, medium: medium('social') };
    return { source: asName(host.replace(/^www\./, '')), medium: medium('referral') };
  }
  return { source: sourceNames.direct, medium: medium('none') };
}

/**
 * The source a request is credited to: its last arrival that said where it came from (an arrival
 * without campaign tags or another site never replaces it), or its first one.
 */
export function sourceOf(leadSource: LeadSource | undefined): DerivedSource {
  return sourceOfTouch(leadSource ? (leadSource.last ?? leadSource.first) : undefined);
}
