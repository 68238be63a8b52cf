import { ArrowRight, BadgeCheck, Hammer, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { telHrefOf, type Business } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import { recentWork } from '@shared/content/site-content';
import { locationSummaries } from '@shared/content/location-summaries';
import { serviceSummaries } from '@shared/content/service-summaries';
import { paths } from '@shared/routes';
import { HeroBackdrop } from '@/components/hero-backdrop';
import { LocationCard } from '@/components/location-card';
import { RocLicenceLink } from '@/components/roc-licence-link';
import { ServiceCard } from '@/components/service-card';
import { buttonVariants } from '@/components/ui/button';
import { Picture } from '@/components/ui/picture';
import { SectionHeading } from '@/components/ui/section-heading';
import { CallButton, QuoteButton } from '@/components/call-button';
import { SiteLink } from '@/components/ui/site-link';
import { BelowTheFold } from '@/components/below-the-fold';
import { useSiteContent } from '@/lib/site-content';

/**
 * The home page's sections of text, pictures and links, from the hero to the call to action:
 * plain HTML in the page, with no island among them.
 */
export default function HomeSections() {
  return (
    <>
      <Hero />
      <BelowTheFold estimate="300rem">
        <RecentWork />
        <TrustBadges />
        <SloganBanner />
        <ServicesSection />
        <ServiceAreas />
        <ClosingCallToAction />
      </BelowTheFold>
    </>
  );
}

const trustBadges = (business: Business) =>
  [
    { icon: Hammer, title: `${business.yearsExperience} Years Experience`, text: 'A master carpenter on every job' },
    { icon: ShieldCheck, title: 'Licensed & Insured', text: `Arizona ${business.rocLicense}` },
    { icon: BadgeCheck, title: 'Quality Guaranteed', text: 'We make it right, every time' },
    { icon: MapPin, title: 'Serving Northern AZ', text: 'Payson, Strawberry, Pine & beyond' },
  ] as const;

function Hero() {
  const business = useBusiness();
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-pine-950 text-white">
      <HeroBackdrop overlayClassName="bg-gradient-to-r from-pine-950/95 via-pine-950/80 to-pine-950/25" />
      <div className="container-site py-12 sm:py-24 lg:py-32">
        <div className="max-w-2xl">
          <img src="/img/brand/logo.svg" alt="" width={72} height={72} className="size-16 sm:size-18" />
          <p className="mt-5 text-sm font-bold tracking-[0.18em] text-wood-300 uppercase">Payson · Strawberry · Pine</p>
          <h1 id="hero-title" className="mt-3 text-4xl leading-tight font-bold text-white sm:text-5xl lg:text-6xl">
            Master Carpenter for Northern Arizona
          </h1>
          <p className="mt-5 max-w-xl text-lg text-cream-100 sm:text-xl">
            {business.yearsExperience} years of framing, finish carpentry and remodeling built for mountain weather.
            Licensed, insured, and quotes are always free.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <CallButton variant="light" size="lg" />
            <QuoteButton size="lg">Request Free Quote</QuoteButton>
          </div>
          {/* Arizona's Registrar asks for the licence number on advertising, where it is seen. */}
          <p className="mt-6 flex flex-wrap items-center gap-x-2 text-sm text-cream-100 sm:text-base">
            <ShieldCheck aria-hidden="true" className="size-5 text-wood-300" />
            Licensed & insured in Arizona:
            <RocLicenceLink className="inline-flex min-h-6 items-center font-semibold text-white underline decoration-wood-300 underline-offset-4 hover:decoration-white" />
          </p>
        </div>
      </div>
    </section>
  );
}

/** The newest four: the owner's published projects (each linking to its page) before the built-in six. */
function RecentWork() {
  const items = recentWork(useSiteContent());
  return (
    <section aria-labelledby="recent-work" className="container-site py-16 sm:py-20">
      <SectionHeading id="recent-work" eyebrow="Before & After" title="Recent Work Around Rim Country">
        Real problems, fixed to last. Tap a project to see how it turned out.
      </SectionHeading>
      <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.id}>
            <SiteLink
              href={item.href ?? paths.gallery}
              className="group block overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-cream-200"
            >
              <div className="relative">
                <Picture
                  name={item.beforeImage}
                  kind="gallery"
                  alt={item.beforeAlt}
                  sizes="(min-width: 1024px) 25vw, 50vw"
                  imgClassName="aspect-[4/3] h-auto w-full object-cover transition duration-300 group-hover:scale-[1.03]"
                />
                <span className="absolute top-2 left-2 rounded bg-pine-950/80 px-2 py-0.5 text-xs font-bold text-white">
                  Before
                </span>
              </div>
              <p className="px-3 py-2.5 text-sm font-semibold text-pine-900 sm:text-base">
                {item.serviceType}
                {/* An owner's project says which one it is: it opens its own page. */}
                {item.href ? (
                  <span className="mt-0.5 block text-xs font-medium text-ink-soft sm:text-sm">{item.caption}</span>
                ) : null}
              </p>
            </SiteLink>
          </li>
        ))}
      </ul>
      <div className="mt-8 text-center">
        <SiteLink href={paths.gallery} className={buttonVariants({ variant: 'outline' })}>
          View Full Gallery <ArrowRight aria-hidden="true" />
        </SiteLink>
      </div>
    </section>
  );
}

function TrustBadges() {
  const business = useBusiness();
  return (
    <section aria-label="Why homeowners trust us" className="border-y border-cream-200 bg-white">
      <ul className="container-site grid grid-cols-2 gap-x-4 gap-y-8 py-10 lg:grid-cols-4">
        {trustBadges(business).map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col items-center text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-pine-800 text-wood-200">
              <Icon aria-hidden="true" className="size-7" />
            </span>
            <p className="mt-3 font-display text-lg leading-snug font-bold text-pine-900">{title}</p>
            <p className="mt-1 text-sm text-ink-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SloganBanner() {
  const business = useBusiness();
  return (
    <section aria-label="Our motto" className="wood-grain text-center text-white">
      <div className="container-site py-14 sm:py-16">
        <p className="font-display text-3xl font-extrabold tracking-[0.08em] sm:text-5xl">{business.slogans.primary}</p>
        <p className="mt-3 text-lg text-wood-100 sm:text-2xl">{business.slogans.secondary}</p>
      </div>
    </section>
  );
}

function ServicesSection() {
  return (
    <section
      aria-labelledby="services-title"
      className="container-site render-when-near py-16 [--render-estimate:160rem] sm:py-20 lg:[--render-estimate:110rem]"
    >
      <SectionHeading id="services-title" eyebrow="What We Build" title="Carpentry & Remodeling Services">
        From the framing to the final piece of trim, one experienced crew handles the whole job.
      </SectionHeading>
      <ul className="mt-10 grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
        {serviceSummaries.map((service) => (
          <li key={service.slug}>
            <ServiceCard service={service} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ServiceAreas() {
  const business = useBusiness();
  return (
    <section
      aria-labelledby="areas-title"
      className="render-when-near bg-pine-50 [--render-estimate:65rem] md:[--render-estimate:39rem]"
    >
      <div className="container-site py-16 sm:py-20">
        <SectionHeading id="areas-title" eyebrow="Where We Work" title="Service Areas">
          Based in Rim Country and working across Northern Arizona.
        </SectionHeading>
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {locationSummaries.slice(0, 3).map((location) => (
            <li key={location.slug}>
              <LocationCard location={location} />
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col items-center gap-4">
          <SiteLink href={paths.location('payson')} className={buttonVariants({ variant: 'secondary' })}>
            View All Locations <ArrowRight aria-hidden="true" />
          </SiteLink>
          <p className="font-semibold text-pine-800">{business.phoenixNote}</p>
        </div>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  const business = useBusiness();
  const telHref = telHrefOf(business);
  return (
    <section aria-labelledby="cta-title" className="bg-pine-900 text-white">
      <div className="container-site flex flex-col items-center py-16 text-center sm:py-20">
        <h2 id="cta-title" className="text-3xl font-bold text-white sm:text-4xl">
          Ready to Start Your Project?
        </h2>
        <p className="mt-4 max-w-xl text-lg text-cream-100">
          Talk it through with the carpenter who will do the work. Quotes are free, and we reply within 24 hours on
          business days.
        </p>
        <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <a href={telHref} className={buttonVariants({ size: 'lg' })}>
            <Phone aria-hidden="true" />
            Call Now
          </a>
          <SiteLink href={paths.contact} className={buttonVariants({ variant: 'ghostLight', size: 'lg' })}>
            Contact Us
          </SiteLink>
        </div>
      </div>
    </section>
  );
}
