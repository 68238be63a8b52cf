import { ArrowRight } from 'lucide-react';
import { useBusiness } from '@/lib/site-content';
import { serviceSummaries } from '@shared/content/service-summaries';
import { paths } from '@shared/routes';
import { Seo } from '@/components/seo';
import { ServiceCard } from '@/components/service-card';
import { SectionHeading } from '@/components/ui/section-heading';
import { CallButton, QuoteButton } from '@/components/call-button';
import { BelowTheFold } from '@/components/below-the-fold';

export default function ServicesPage() {
  const business = useBusiness();
  return (
    <>
      <Seo
        title="Our Services"
        description={`All ${serviceSummaries.length} carpentry and remodeling services we offer in Payson, Strawberry, Pine and Northern Arizona: framing, roofing, siding, flooring, tile showers, trim, cabinets, decks, fences, rot repair and full kitchen and bathroom remodels.`}
        path={paths.services}
      />
      <section aria-labelledby="services-title" className="border-b border-cream-200 bg-cream-100">
        <div className="container-site py-12 sm:py-16">
          <SectionHeading id="services-title" as="h1" eyebrow="What We Build" title="Our Services">
            Carpentry and remodeling for homes and cabins across Rim Country, from the framing to the final piece of
            trim, done by a master carpenter with {business.yearsExperience} years of experience.
          </SectionHeading>
        </div>
      </section>

      <div className="container-site py-12 sm:py-16">
        <BelowTheFold estimate="150rem">
          <ul aria-label="All services" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {serviceSummaries.map((service) => (
              <li key={service.slug}>
                <ServiceCard service={service} headingLevel="h2" />
              </li>
            ))}
          </ul>
        </BelowTheFold>
      </div>

      <section aria-labelledby="services-cta-title" className="bg-pine-900 text-white">
        <div className="container-site flex flex-col items-center gap-6 py-14 text-center lg:flex-row lg:justify-between lg:text-left">
          <div className="max-w-2xl">
            <h2 id="services-cta-title" className="text-3xl font-bold text-white">
              Not Sure Where to Start?
            </h2>
            <p className="mt-3 text-lg text-cream-100">
              Tell us what you have in mind and we will help you plan it. Quotes are free, and we reply within 24 hours
              on business days.
            </p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row lg:shrink-0">
            <CallButton variant="light" size="lg" />
            <QuoteButton size="lg">
              Get Free Quote <ArrowRight aria-hidden="true" />
            </QuoteButton>
          </div>
        </div>
      </section>
    </>
  );
}
