import { ArrowRight, ChevronRight, Home, ImageIcon, Landmark, MapPin, Mountain } from 'lucide-react';
import { useParams } from 'wouter';
import { getLocationBySlug } from '@shared/content/locations';
import { otherLocations, popularServices } from '@shared/content/popular';
import type { Location } from '@shared/content/types';
import { paths } from '@shared/routes';
import { projectsInArea, type PublishedProject } from '@shared/content/site-content';
import { ContentSection, DetailBody, IconPanel, PillLinksCard, SidebarCard } from '@/components/detail-sections';
import { ProjectCards } from '@/components/project-cards';
import { NotFoundMessage } from '@/components/not-found-message';
import { HeroBackdrop } from '@/components/hero-backdrop';
import { Seo } from '@/components/seo';
import { StructuredData } from '@/components/structured-data';
import { breadcrumbJsonLd } from '@shared/seo/structured-data';
import { siteUrl } from '@/lib/site-url';
import { ServiceIcon } from '@/components/service-icon';
import { buttonVariants } from '@/components/ui/button';
import { CallButton, QuoteButton } from '@/components/call-button';
import { SiteLink } from '@/components/ui/site-link';
import { useSiteContent } from '@/lib/site-content';
import { cn } from '@/lib/utils';

export default function LocationDetailPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const location = getLocationBySlug(slug);
  if (!location) {
    return (
      <NotFoundMessage
        title="Location Not Found"
        text="Sorry, we couldn't find that service area. It may have moved, or the address may be mistyped."
      />
    );
  }
  return <LocationDetail location={location} />;
}

function LocationDetail({ location }: { location: Location }) {
  const projects = projectsInArea(useSiteContent(), location.slug);
  return (
    <>
      <Seo
        title={location.headline}
        description={location.description}
        path={paths.location(location.slug)}
        imageKey={`locations-${location.slug}`}
      />
      <StructuredData
        data={breadcrumbJsonLd(siteUrl, [
          { name: 'Home', path: paths.home },
          { name: 'Service Areas', path: paths.location('payson') },
          { name: location.name, path: paths.location(location.slug) },
        ])}
      />
      <>
        <Hero location={location} />
        <DetailBody asideLabel="Free quote and related pages" aside={<LocationAside location={location} />}>
          <ContentSection id="landmarks" title="Local Landmarks">
            <ul className="grid gap-3 sm:grid-cols-2">
              {location.landmarks.map((landmark) => (
                <li
                  key={landmark}
                  className="flex items-center gap-3 rounded-xl border border-cream-200 bg-white p-4 shadow-sm"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-pine-50 text-pine-700">
                    <Landmark aria-hidden="true" className="size-5" />
                  </span>
                  <span className="font-semibold text-pine-900">{landmark}</span>
                </li>
              ))}
            </ul>
          </ContentSection>

          <ContentSection id="neighborhoods" title="Neighborhoods Served">
            <ul className="flex flex-wrap gap-2.5">
              {location.neighborhoods.map((neighborhood) => (
                <li
                  key={neighborhood}
                  className="inline-flex items-center gap-2 rounded-full border border-wood-200 bg-wood-50 px-4 py-2 font-medium text-wood-900"
                >
                  <Home aria-hidden="true" className="size-4 text-wood-600" />
                  {neighborhood}
                </li>
              ))}
            </ul>
          </ContentSection>

          <ContentSection id="climate" title="Climate Considerations">
            <IconPanel icon={Mountain}>
              <p className="text-lg leading-relaxed text-ink-soft">{location.climateConsiderations}</p>
            </IconPanel>
          </ContentSection>

          {projects.length ? (
            <AreaProjects location={location} projects={projects} />
          ) : (
            <GalleryComingSoon location={location} />
          )}
        </DetailBody>
      </>
    </>
  );
}

/** Beside the quote card: the popular services and the other service areas. */
function LocationAside({ location }: { location: Location }) {
  const others = otherLocations(location.slug).map((other) => ({ href: paths.location(other.slug), name: other.name }));
  return (
    <>
      <SidebarCard title="Popular Services" id="popular-title">
        <ul className="-mx-2 flex flex-col">
          {popularServices.map((service) => (
            <li key={service.slug}>
              <SiteLink
                href={paths.service(service.slug)}
                className="group flex min-h-11 items-center gap-3 rounded-lg px-2 font-semibold text-pine-900 transition-colors hover:bg-pine-50 lg:min-h-9"
              >
                <ServiceIcon name={service.icon} className="size-5 shrink-0 text-pine-600" />
                <span className="flex-1">{service.name}</span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 text-ink-muted transition-transform group-hover:translate-x-0.5"
                />
              </SiteLink>
            </li>
          ))}
        </ul>
      </SidebarCard>
      <PillLinksCard title="Other Service Areas" id="other-areas-title" links={others} />
    </>
  );
}

function Hero({ location }: { location: Location }) {
  return (
    <section aria-labelledby="location-title" className="relative isolate overflow-hidden bg-pine-950 text-white">
      <HeroBackdrop overlayClassName="bg-gradient-to-b from-pine-950/90 to-pine-950/80 lg:bg-gradient-to-r lg:from-pine-950/95 lg:via-pine-950/85 lg:to-pine-950/40" />
      <div className="container-site py-12 sm:py-16 lg:py-20">
        <div className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-bold tracking-[0.14em] text-wood-200 uppercase ring-1 ring-white/15">
            <MapPin aria-hidden="true" className="size-4" />
            Service Area
          </p>
          <h1 id="location-title" className="mt-5 text-4xl leading-tight font-bold text-white sm:text-5xl">
            {location.headline}
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-cream-100 sm:text-xl">{location.description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <CallButton variant="light" />
            <QuoteButton />
          </div>
        </div>
      </div>
    </section>
  );
}

/** The owner's projects in this area, newest first, instead of the placeholder once there is one. */
function AreaProjects({ location, projects }: { location: Location; projects: readonly PublishedProject[] }) {
  return (
    <ContentSection id="gallery" title={`Recent Projects in ${location.name}`}>
      <ProjectCards projects={projects} />
      <SiteLink href={paths.gallery} className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
        View Before &amp; After Gallery <ArrowRight aria-hidden="true" />
      </SiteLink>
    </ContentSection>
  );
}

function GalleryComingSoon({ location }: { location: Location }) {
  return (
    <section
      aria-labelledby="gallery-title"
      className="flex flex-col items-center rounded-2xl border-2 border-dashed border-wood-300 bg-white px-6 py-10 text-center sm:py-12"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-wood-100 text-wood-700">
        <ImageIcon aria-hidden="true" className="size-7" />
      </span>
      <h2 id="gallery-title" className="mt-4 text-2xl font-bold sm:text-3xl">
        Project Gallery Coming Soon
      </h2>
      <p className="mt-3 max-w-lg text-ink-soft">
        Photos of our {location.name} projects are on the way. In the meantime, see before-and-after work from across
        Rim Country.
      </p>
      <SiteLink href={paths.gallery} className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
        View Before &amp; After Gallery <ArrowRight aria-hidden="true" />
      </SiteLink>
    </section>
  );
}
