import {
  BadgeCheck,
  CalendarClock,
  CircleCheck,
  Hammer,
  MapPin,
  type LucideIcon,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { useParams } from 'wouter';
import { type Business } from '@shared/content/business-facts';
import { locationNames } from '@shared/content/names';
import { locationSlugs } from '@shared/content/slugs';
import { getServiceBySlug } from '@shared/content/services';
import type { Service } from '@shared/content/types';
import { paths } from '@shared/routes';
import { projectsOfService, reviewsOfService, siteBusiness } from '@shared/content/site-content';
import { Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { ContentSection, DetailBody, IconPanel, PillLinksCard, SidebarCard } from '@/components/detail-sections';
import { NotFoundMessage } from '@/components/not-found-message';
import { ProjectCards } from '@/components/project-cards';
import { ReviewCards } from '@/components/testimonials';
import { Seo } from '@/components/seo';
import { StructuredData } from '@/components/structured-data';
import { breadcrumbJsonLd, faqJsonLd, serviceJsonLd } from '@shared/seo/structured-data';
import { siteUrl } from '@/lib/site-url';
import { Island } from '@/components/island';
import { Picture } from '@/components/ui/picture';
import { CallButton, QuoteButton } from '@/components/call-button';
import { useBusiness, useSiteContent } from '@/lib/site-content';

const whyChooseUs = (business: Business): readonly { icon: LucideIcon; text: string }[] => [
  { icon: Hammer, text: `${business.yearsExperience} years as a master carpenter` },
  { icon: ShieldCheck, text: `Licensed & insured, ${business.rocLicense}` },
  { icon: BadgeCheck, text: 'Quality guaranteed' },
  { icon: Sparkles, text: 'Clean job sites, every day' },
  { icon: MapPin, text: `Local to ${business.homeTown} and Rim Country` },
];

/** Home › Services › this service: shown above the title and given to search engines. */
function serviceTrail(service: Service): Crumb[] {
  return [
    { name: 'Home', path: paths.home },
    { name: 'Services', path: paths.services },
    { name: service.name, path: paths.service(service.slug) },
  ];
}

export default function ServiceDetailPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const service = getServiceBySlug(slug);
  return service ? <ServiceDetail service={service} /> : <ServiceNotFound />;
}

function ServiceNotFound() {
  return (
    <NotFoundMessage
      title="Service Not Found"
      text="Sorry, we couldn't find that service. It may have moved, or the address may be mistyped."
    />
  );
}

function ServiceDetail({ service }: { service: Service }) {
  const content = useSiteContent();
  const projects = projectsOfService(content, service.slug);
  const reviews = reviewsOfService(content, service.slug);
  const business = siteBusiness(content);
  return (
    <>
      <Seo
        title={`${service.name} in Payson & Northern Arizona`}
        description={service.description}
        path={paths.service(service.slug)}
        imageKey={`services-${service.slug}`}
        type="article"
      />
      <StructuredData
        data={[
          serviceJsonLd(siteUrl, service, business),
          breadcrumbJsonLd(siteUrl, serviceTrail(service)),
          faqJsonLd(service.faqs),
        ]}
      />
      <Hero service={service} />
      <DetailBody asideLabel="Free quote and service areas" aside={<ServiceAside business={business} />}>
        <>
          <ContentSection id="included" title="What's Included">
            <ul className="grid gap-3 sm:grid-cols-2">
              {service.typicalScope.map((item) => (
                <li key={item} className="flex gap-3 rounded-xl border border-cream-200 bg-white p-4 shadow-sm">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pine-600" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </ContentSection>

          <ContentSection id="materials" title="Materials & Options">
            <ul className="grid gap-x-8 rounded-xl border border-cream-200 bg-white px-5 py-2 shadow-sm sm:grid-cols-2">
              {service.materialsOptions.map((item) => (
                <li
                  key={item}
                  className="flex gap-3 border-t border-cream-100 py-3 first:border-t-0 sm:[&:nth-child(2)]:border-t-0"
                >
                  <span aria-hidden="true" className="mt-2 size-2 shrink-0 rotate-45 bg-wood-500" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </ContentSection>

          <ContentSection id="timeline" title="Timeline">
            <IconPanel icon={CalendarClock} centered>
              <div>
                <p className="text-sm font-bold tracking-[0.14em] text-pine-700 uppercase">Typical timeline</p>
                <p className="mt-1 font-display text-3xl font-bold text-pine-900 sm:text-4xl">{service.timeline}</p>
                <p className="mt-2 text-ink-soft">
                  Every project is different: the actual timeline varies with the project's scope and the weather. We
                  talk through the schedule with you when we quote.
                </p>
              </div>
            </IconPanel>
          </ContentSection>

          <ContentSection id="maintenance" title="Maintenance Tips">
            <ol className="grid gap-4">
              {service.careTips.map((tip, index) => (
                <li key={tip} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-wood-100 font-display text-sm font-bold text-wood-800"
                  >
                    {index + 1}
                  </span>
                  <span className="pt-1">{tip}</span>
                </li>
              ))}
            </ol>
          </ContentSection>
        </>

        {/* The owner's published projects of this service, newest first (none: no section). */}
        {projects.length ? (
          <ContentSection id="projects" title={`Our ${service.name} Projects`}>
            <ProjectCards projects={projects} />
          </ContentSection>
        ) : null}

        {/* Approved reviews of jobs of this service, newest first (none: no section). */}
        {reviews.length ? (
          <ContentSection id="reviews" title="What Our Customers Say">
            <ReviewCards reviews={reviews} />
          </ContentSection>
        ) : null}

        <ContentSection id="faq" title="Frequently Asked Questions">
          <Island
            name="faq"
            props={{
              faqs: service.faqs,
              className: 'rounded-xl border border-cream-200 bg-white px-5 shadow-sm sm:px-6',
            }}
          />
        </ContentSection>
      </DetailBody>
    </>
  );
}

const serviceAreas = locationSlugs.map((slug) => ({ href: paths.location(slug), name: locationNames[slug] }));

/** Beside the quote card: the service areas and why choose us. */
function ServiceAside({ business }: { business: Business }) {
  return (
    <>
      <PillLinksCard title="Service Areas" id="areas-title" links={serviceAreas} />
      <SidebarCard title="Why Choose Us" id="why-title">
        <ul className="flex flex-col gap-2.5">
          {whyChooseUs(business).map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-rim-600" />
              <span className="font-medium text-ink">{text}</span>
            </li>
          ))}
        </ul>
      </SidebarCard>
    </>
  );
}

function Hero({ service }: { service: Service }) {
  const business = useBusiness();
  const paragraphs = service.overview.split('\n\n');
  return (
    <section aria-labelledby="service-title" className="bg-pine-900 text-white">
      {/* Phones: title, the call and quote buttons, picture, overview, so the buttons are on the
          first screen. Large screens: title, overview and buttons beside the picture. */}
      <div className="container-site grid gap-x-14 gap-y-6 py-8 sm:gap-y-7 sm:py-14 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:grid-rows-[auto_auto_1fr] lg:py-20">
        <div>
          <Breadcrumbs trail={serviceTrail(service)} tone="dark" />
          <p className="mt-4 text-sm font-bold tracking-[0.16em] text-wood-300 uppercase sm:mt-6">
            Payson · Rim Country · Northern Arizona
          </p>
          <h1 id="service-title" className="mt-2 text-4xl leading-tight font-bold text-white sm:text-5xl">
            {service.name}
          </h1>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap lg:col-start-1 lg:row-start-3 lg:self-start">
          <CallButton variant="light" />
          <QuoteButton />
          <Island
            name="share"
            props={{ title: `${service.name} | ${business.name}`, text: service.description, variant: 'ghostLight' }}
          />
        </div>

        <div className="lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-center">
          <Picture
            name={service.image}
            kind="service"
            alt={service.imageAlt}
            priority
            sizes="(min-width: 1216px) 510px, (min-width: 1024px) 42vw, calc(100vw - 2.5rem)"
            className="block overflow-hidden rounded-2xl shadow-2xl ring-1 ring-white/10"
            imgClassName="aspect-[4/3] h-auto w-full object-cover"
          />
        </div>

        <div className="flex max-w-2xl flex-col gap-4 text-lg leading-relaxed text-cream-100 lg:col-start-1 lg:row-start-2">
          {paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </div>
    </section>
  );
}
