import {
  Award,
  BadgeCheck,
  Check,
  FileCheck2,
  Hammer,
  HardHat,
  MapPin,
  Ruler,
  ShieldCheck,
  Sparkles,
  Wrench,
} from 'lucide-react';
import { aboutContentFor } from '@shared/content/about';
import { type Business } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import { paths } from '@shared/routes';
import { Seo } from '@/components/seo';
import { buttonVariants } from '@/components/ui/button';
import { RocLicenceLink } from '@/components/roc-licence-link';
import { Picture } from '@/components/ui/picture';
import { usePhotoCheck } from '@/lib/photos';
import { SectionHeading } from '@/components/ui/section-heading';
import { CallButton } from '@/components/call-button';
import { SiteLink } from '@/components/ui/site-link';
import { BelowTheFold } from '@/components/below-the-fold';

const valueIcons = [Ruler, Sparkles] as const;
const certificationIcons = [FileCheck2, ShieldCheck, Award] as const;

export default function AboutPage() {
  const business = useBusiness();
  return (
    <>
      <Seo
        title={`About ${business.ownerName}, Master Carpenter`}
        description={`Meet ${business.ownerName}, the master carpenter behind ${business.name}: ${business.yearsExperience} years of experience, licensed and insured, serving Payson, Strawberry, Pine and Northern Arizona.`}
        path={paths.about}
        imageKey="about"
      />
      <Intro />
      <BelowTheFold estimate="200rem">
        <Story />
        <Values />
        <Certifications />
        <PracticesAndTools />
        <Philosophy />
      </BelowTheFold>
    </>
  );
}

function ServiceAreaBadge() {
  const content = aboutContentFor(useBusiness());
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-pine-800 px-4 py-2 text-sm font-semibold text-white shadow-sm">
      <MapPin aria-hidden="true" className="size-4 shrink-0 text-wood-200" />
      {content.serviceAreaBadge}
    </p>
  );
}

const highlights = (business: Business) =>
  [
    { icon: Hammer, value: business.yearsExperience, label: 'Years in the trade' },
    { icon: BadgeCheck, value: 'Licensed', label: business.rocLicense },
    { icon: ShieldCheck, value: 'Insured', label: 'On every job' },
  ] as const;

/** Small screens: heading, photo, biography. Large screens: the photo on the left of both. */
function Intro() {
  const business = useBusiness();
  const isPhoto = usePhotoCheck();
  const content = aboutContentFor(business);
  return (
    <section aria-labelledby="about-title" className="bg-cream-100">
      <div className="container-site grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-x-16 lg:gap-y-6 lg:py-20">
        <div className="lg:col-start-2">
          <p className="text-sm font-bold tracking-[0.16em] text-rim-600 uppercase">About Us</p>
          <h1 id="about-title" className="mt-2 text-4xl font-bold sm:text-5xl">
            Meet {business.ownerName}
          </h1>
          <p className="mt-4 font-display text-xl text-pine-800 sm:text-2xl">{content.intro}</p>
          <div className="mt-5">
            <ServiceAreaBadge />
          </div>
        </div>
        <figure className="mx-auto w-full max-w-xs sm:max-w-sm lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-w-none">
          <div className="relative">
            <div aria-hidden="true" className="absolute inset-0 translate-x-3 translate-y-3 rounded-2xl bg-wood-300" />
            <Picture
              name="people/owner"
              kind="portrait"
              alt={
                isPhoto('people/owner')
                  ? `${business.ownerName}, ${business.ownerTitle.toLowerCase()} of ${business.name}`
                  : `Illustration of a carpenter, until a photo of ${business.ownerName} is added`
              }
              priority
              sizes="(min-width: 1024px) 28rem, 24rem"
              className="relative block overflow-hidden rounded-2xl shadow-lg"
              imgClassName="aspect-[4/5] h-auto w-full object-cover"
            />
          </div>
          <figcaption className="mt-7 text-center">
            <span className="block font-display text-xl font-bold text-pine-900">{business.ownerName}</span>
            <span className="block text-ink-muted">{business.ownerTitle}</span>
          </figcaption>
        </figure>
        <div className="lg:col-start-2">
          <div className="space-y-4 text-lg leading-relaxed text-ink-soft">
            {content.biography.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
          <ul className="mt-8 grid grid-cols-3 gap-3 text-center">
            {highlights(business).map(({ icon: Icon, value, label }) => (
              <li key={value} className="rounded-xl border border-cream-200 bg-white px-2 py-4 shadow-sm">
                <Icon aria-hidden="true" className="mx-auto size-6 text-pine-700" />
                <span className="mt-2 block font-display text-base font-bold text-pine-900 min-[360px]:text-lg sm:text-xl">
                  {value}
                </span>
                <span className="block text-xs text-ink-muted sm:text-sm">{label}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Story() {
  const business = useBusiness();
  const content = aboutContentFor(business);
  const { story } = content;
  return (
    <section aria-labelledby="story-title" className="container-site py-16 sm:py-20">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="story-title" eyebrow="A Story From the Job Site" title={story.title} />
        <div className="mt-8 space-y-4 text-lg leading-relaxed text-ink-soft">
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
          <p>
            {story.beforeLink}
            <SiteLink
              href={business.songVideo.url}
              className="font-semibold text-rim-600 underline decoration-2 underline-offset-4 hover:text-rim-700"
            >
              {story.linkText}
              <span className="sr-only"> (opens in a new tab)</span>
            </SiteLink>
            {story.afterLink}
          </p>
        </div>
      </div>
    </section>
  );
}

function Values() {
  const content = aboutContentFor(useBusiness());
  return (
    <section aria-labelledby="values-title" className="bg-pine-50">
      <div className="container-site py-16 sm:py-20">
        <SectionHeading id="values-title" eyebrow="Our Values" title="How We Work" />
        <ul className="mx-auto mt-10 grid max-w-5xl gap-5 md:grid-cols-2">
          {content.values.map((value, i) => {
            const Icon = valueIcons[i] ?? Check;
            return (
              <li key={value.title} className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm sm:p-8">
                <span className="flex size-12 items-center justify-center rounded-xl bg-pine-800 text-wood-200">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 text-xl font-bold">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{value.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function Certifications() {
  const content = aboutContentFor(useBusiness());
  const { certifications } = content;
  return (
    <section aria-labelledby="cert-title" className="container-site py-16 sm:py-20">
      <SectionHeading id="cert-title" eyebrow="Peace of Mind" title={certifications.title}>
        Arizona Registrar of Contractors license{' '}
        <RocLicenceLink className="font-semibold whitespace-nowrap text-pine-900 underline decoration-wood-400 underline-offset-4 hover:text-rim-600" />
      </SectionHeading>
      <ul className="mt-10 grid gap-5 md:grid-cols-3">
        {certifications.items.map((item, i) => {
          const Icon = certificationIcons[i] ?? BadgeCheck;
          return (
            <li
              key={item.title}
              className="rounded-2xl border-t-4 border-wood-500 bg-white p-6 shadow-sm ring-1 ring-cream-200"
            >
              <Icon aria-hidden="true" className="size-8 text-wood-600" />
              <h3 className="mt-3 text-xl font-bold">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{item.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PracticesAndTools() {
  const content = aboutContentFor(useBusiness());
  const lists = [
    { id: 'safety-title', icon: HardHat, title: 'Safety Practices', items: content.safetyPractices },
    { id: 'tools-title', icon: Wrench, title: content.tools.title, items: content.tools.items },
  ] as const;
  return (
    <section aria-label="Safety and tools" className="bg-cream-100">
      <div className="container-site grid gap-5 py-16 sm:py-20 lg:grid-cols-2">
        {lists.map(({ id, icon: Icon, title, items }) => (
          <section
            key={id}
            aria-labelledby={id}
            className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <div className="flex items-center gap-3">
              <span className="flex size-11 items-center justify-center rounded-xl bg-pine-800 text-wood-200">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h2 id={id} className="text-2xl font-bold">
                {title}
              </h2>
            </div>
            <ul className="mt-6 space-y-3">
              {items.map((item) => (
                <li key={item} className="flex gap-3 text-ink-soft">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pine-600" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

function Philosophy() {
  const business = useBusiness();
  const content = aboutContentFor(business);
  const { philosophy } = content;
  return (
    <section aria-labelledby="philosophy-title" className="wood-grain text-white">
      <div className="container-site py-16 sm:py-20">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-bold tracking-[0.16em] text-wood-200 uppercase">{business.slogans.secondary}</p>
          <h2 id="philosophy-title" className="mt-2 text-3xl font-bold text-white sm:text-4xl">
            {philosophy.title}
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-cream-100">
            {philosophy.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
          <div className="mt-8 flex flex-col items-center gap-6">
            <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
              <CallButton variant="light" size="lg" />
              <SiteLink href={paths.contact} className={buttonVariants({ variant: 'ghostLight', size: 'lg' })}>
                Request a Free Quote
              </SiteLink>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
