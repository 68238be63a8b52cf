import { defaultBusiness, weekDayNames, weekDays, type Business } from '../content/business-facts';
import { locationNames, serviceNames } from '../content/names';
import type { PublishedProject } from '../content/site-content';
import { locationSlugs } from '../content/slugs';
import type { Faq, Service } from '../content/types';
import { projectShareImageUrl, shareImageKey, shareImageUrl, uploadedImageUrl } from '../images';
import { paths } from '../routes';
import { absoluteUrl } from '../site';

/** schema.org JSON-LD for search engines (no ratings or reviews: the site does not make them up). */
export type JsonLd = Record<string, unknown>;

function businessId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, '/')}#business`;
}

const areaServed = () => [
  ...locationSlugs
    .filter((slug) => slug !== 'arizona-statewide' && slug !== 'phoenix-projects')
    .map((slug) => ({ '@type': 'City', name: `${locationNames[slug]}, AZ` })),
  { '@type': 'City', name: 'Phoenix, AZ' },
  { '@type': 'State', name: 'Arizona' },
];

/** 'Mo-Fr 07:00-17:00' -> OpeningHoursSpecification. */
function openingHours(spec: string): JsonLd {
  const [days = '', hours = ''] = spec.split(' ');
  const [from = 'Mo', to = from] = days.split('-');
  const [opens, closes] = hours.split('-');
  const at = (day: string) => (weekDays as readonly string[]).indexOf(day);
  const dayOfWeek = weekDays.slice(at(from), at(to) + 1).map((day) => weekDayNames[day]);
  return { '@type': 'OpeningHoursSpecification', dayOfWeek, opens, closes };
}

/** `business`: the facts the page shows (the owner's saved ones, else business.ts's). */
export function businessJsonLd(siteUrl: string, business: Business = defaultBusiness): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'GeneralContractor',
    '@id': businessId(siteUrl),
    name: business.name,
    url: absoluteUrl(siteUrl, '/'),
    telephone: business.phoneE164,
    email: business.email,
    logo: absoluteUrl(siteUrl, '/img/brand/logo-512.png'),
    image: absoluteUrl(siteUrl, shareImageUrl('home')),
    slogan: business.slogans.secondary,
    founder: { '@type': 'Person', name: business.ownerName },
    address: {
      '@type': 'PostalAddress',
      addressLocality: business.homeTown,
      addressRegion: business.region,
      addressCountry: 'US',
    },
    areaServed: areaServed(),
    openingHoursSpecification: business.hours.openingHours.map(openingHours),
    identifier: { '@type': 'PropertyValue', propertyID: 'Arizona ROC License', value: business.rocLicense },
  };
}

export function serviceJsonLd(
  siteUrl: string,
  service: Pick<Service, 'name' | 'slug' | 'description'>,
  business: Business = defaultBusiness,
): JsonLd {
  const path = paths.service(service.slug);
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    serviceType: service.name,
    description: service.description,
    url: absoluteUrl(siteUrl, path),
    image: absoluteUrl(siteUrl, shareImageUrl(shareImageKey(path))),
    provider: {
      '@type': 'GeneralContractor',
      '@id': businessId(siteUrl),
      name: business.name,
      telephone: business.phoneE164,
    },
    areaServed: areaServed(),
  };
}

export function breadcrumbJsonLd(siteUrl: string, trail: readonly { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}

export function faqJsonLd(faqs: readonly Faq[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

/**
 * An owner's project: a creative work by the business, about the service, in its town, with both
 * photos (the largest JPEG of each) and the side-by-side share image.
 */
export function projectJsonLd(siteUrl: string, project: PublishedProject): JsonLd {
  const photo = ({ photo: p, alt }: PublishedProject['before']) => ({
    '@type': 'ImageObject',
    contentUrl: absoluteUrl(siteUrl, uploadedImageUrl(p.id, p.widths.at(-1)!, 'jpg')),
    width: p.width,
    height: p.height,
    caption: alt,
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: project.title,
    headline: project.title,
    description: project.problem,
    url: absoluteUrl(siteUrl, paths.project(project.slug)),
    datePublished: project.publishedAt,
    dateModified: project.updatedAt,
    thumbnailUrl: absoluteUrl(siteUrl, projectShareImageUrl(project.before.photo.id, project.after.photo.id)),
    image: [photo(project.before), photo(project.after)],
    about: {
      '@type': 'Service',
      name: serviceNames[project.service],
      url: absoluteUrl(siteUrl, paths.service(project.service)),
    },
    locationCreated: {
      '@type': 'Place',
      name: project.area.slug === 'arizona-statewide' ? project.area.name : `${project.area.name}, AZ`,
    },
    creator: { '@type': 'GeneralContractor', '@id': businessId(siteUrl), name: defaultBusiness.name },
  };
}
