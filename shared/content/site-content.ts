import { paths, prerenderPaths } from '../routes';
import { businessWith, type Business, type SavedBusinessDetails } from './business-facts';
import { galleryItems } from './gallery';
import { picturesShownOn } from './site-pictures';
import { locationNames, serviceNames } from './names';
import { locationSlugs, serviceSlugs, type LocationSlug, type ServiceSlug } from './slugs';
import type { PublicReview } from '../schemas/reviews';
import type { GalleryItem, UploadedPhoto } from './types';

/**
 * What the owner publishes from his app, as the pages receive it: one typed snapshot per content
 * version (server/services/site-content/), rendered into the pages by the server and answered as
 * JSON to the browser's router (GET /api/site-content), so a page looks the same however it was
 * reached. Each kind of owner content is one list here; a page picks what it shows with the
 * helpers below. Without any, every page is exactly the build's prerendered page.
 */
export interface SiteContent {
  /** Published projects, newest first. */
  projects: readonly PublishedProject[];
  /** Approved reviews with the homeowner's consent, newest first. */
  reviews: readonly PublishedReview[];
  /** The business details the owner saved (/owner/settings); null: shared/content/business.ts's. */
  business: SavedBusinessDetails | null;
  /** The six made-up sample projects are off the site (the owner's "Hide the sample projects"). */
  hideSampleProjects: boolean;
  /**
   * The owner's photos in place of drawn pictures (/owner/photos), by the picture's name in images/
   * ('services/decks'; shared/content/site-pictures.ts lists the places): pages show these instead.
   */
  pictures: Readonly<Record<string, UploadedPhoto>>;
}

/** A review the owner approved (shared/schemas/reviews.ts), as the site shows it. */
export type PublishedReview = PublicReview;

/** A photo of a project with what a screen reader says of it. */
export interface ProjectPhoto {
  photo: UploadedPhoto;
  alt: string;
}

/** Where the job was: one of the service areas, or another town ("Other" in the owner's form). */
export interface ProjectArea {
  /** The service area, or null for another town. */
  slug: LocationSlug | null;
  name: string;
}

/** One before-and-after project the owner published. */
export interface PublishedProject {
  id: string;
  /** Its page is /gallery/<slug>; fixed once published, so shared links keep working. */
  slug: string;
  title: string;
  service: ServiceSlug;
  area: ProjectArea;
  before: ProjectPhoto;
  after: ProjectPhoto;
  /** "What was wrong" and "What we did": paragraphs separated by a blank line. */
  problem: string;
  solution: string;
  /** ISO timestamps. */
  publishedAt: string;
  updatedAt: string;
}

export const emptySiteContent: SiteContent = {
  projects: [],
  reviews: [],
  business: null,
  hideSampleProjects: false,
  pictures: {},
};

/** True when the owner has published nothing: every page is then the build's own. */
export function isEmptySiteContent(content: SiteContent): boolean {
  return (
    content.projects.length === 0 &&
    content.reviews.length === 0 &&
    !content.business &&
    !content.hideSampleProjects &&
    Object.keys(content.pictures).length === 0
  );
}

/** The business facts the pages of this content show: what the owner saved, else business.ts's. */
export function siteBusiness(content: Pick<SiteContent, 'business'>): Business {
  return businessWith(content.business);
}

export function projectBySlug(content: SiteContent, slug: string): PublishedProject | undefined {
  return content.projects.find((project) => project.slug === slug);
}

export function projectsOfService(content: SiteContent, service: string): readonly PublishedProject[] {
  return content.projects.filter((project) => project.service === service);
}

/** The projects in a service area (the built-in six say "Northern Arizona" and are none of them). */
export function projectsInArea(content: SiteContent, location: string): readonly PublishedProject[] {
  return content.projects.filter((project) => project.area.slug === location);
}

/** The name shown for a project's area: the service area's, or the town the owner typed. */
export const areaNameOf = (slug: LocationSlug | null, town: string): string => (slug ? locationNames[slug] : town);

/** A project as a gallery card: its photos, service and town, and its own page. */
export function projectGalleryItem(project: PublishedProject): GalleryItem {
  return {
    id: `project-${project.id}`,
    beforeImage: project.before.photo,
    afterImage: project.after.photo,
    beforeAlt: project.before.alt,
    afterAlt: project.after.alt,
    serviceType: serviceNames[project.service],
    caption: project.title,
    problem: project.problem,
    solution: project.solution,
    location: project.area.name,
    href: paths.project(project.slug),
  };
}

/** The gallery: the owner's projects, newest first, then the built-in six unless he hid them. */
export function galleryWith(projects: readonly PublishedProject[], hideSamples = false): readonly GalleryItem[] {
  const samples = hideSamples ? [] : galleryItems;
  return projects.length ? [...projects.map(projectGalleryItem), ...samples] : samples;
}

/** The home page's Recent Work: the newest four, the owner's projects before the built-in six. */
export function recentWork(content: SiteContent, count = 4): readonly GalleryItem[] {
  return galleryWith(content.projects.slice(0, count), content.hideSampleProjects).slice(0, count);
}

/** The reviews a service page shows: those of jobs of that service, newest first. */
export function reviewsOfService(content: SiteContent, service: string): readonly PublishedReview[] {
  return content.reviews.filter((review) => review.serviceSlug === service);
}

/** A page that shows owner content, and what of it it shows. */
export interface ContentPage {
  path: string;
  /** Everything of the content that the page's HTML depends on (compared as JSON between versions). */
  shows: unknown;
}

/**
 * The pages that show what the owner publishes, each with what of it it shows: the home page
 * (Recent Work), the gallery, the service and location pages, each project's own page. The server
 * renders a page again only when what it shows changed from the previous version, and serves the
 * build's own page when it shows what it shows without any content (server/http/site-pages.ts).
 * A page that starts showing more (reviews...) must say so here, or it would not be rendered
 * again when that changes.
 */
export function contentPages(content: SiteContent): ContentPage[] {
  // Every page shows the business facts (header, footer, action bar, structured data).
  const { business } = content;
  const owned: ContentPage[] = [
    { path: paths.home, shows: { recentWork: recentWork(content), reviews: content.reviews, business } },
    { path: paths.gallery, shows: { projects: content.projects, hideSamples: content.hideSampleProjects, business } },
    ...serviceSlugs.map((slug) => ({
      path: paths.service(slug),
      shows: { projects: projectsOfService(content, slug), reviews: reviewsOfService(content, slug), business },
    })),
    ...locationSlugs.map((slug) => ({
      path: paths.location(slug),
      shows: { projects: projectsInArea(content, slug), business },
    })),
    ...content.projects.map((project) => ({ path: paths.project(project.slug), shows: { project, business } })),
  ];
  const listed = new Set(owned.map((page) => page.path));
  const rest = prerenderPaths.filter((path) => !listed.has(path)).map((path) => ({ path, shows: { business } }));
  // The owner's photos in place of drawings: a page renders again when one it shows changes.
  return [...owned, ...rest].map((page) => ({
    path: page.path,
    shows: { page: page.shows, pictures: picturesShownOn(page.path, content.pictures) },
  }));
}
