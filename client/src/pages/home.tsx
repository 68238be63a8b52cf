import { Clock, Mail, MessageSquare, Phone } from 'lucide-react';
import { mailHrefOf, smsHrefOf, telHrefOf } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import { paths } from '@shared/routes';
import { EmailAddress } from '@/components/email-address';
import { Seo } from '@/components/seo';
import { StructuredData } from '@/components/structured-data';
import { businessJsonLd } from '@shared/seo/structured-data';
import { siteUrl } from '@/lib/site-url';
import { SectionHeading } from '@/components/ui/section-heading';
import { Island } from '@/components/island';
import { Testimonials } from '@/components/testimonials';
import { useSiteContent } from '@/lib/site-content';
import HomeSections from './home-sections';
import { BelowTheFold } from '@/components/below-the-fold';

export default function HomePage() {
  const business = useBusiness();
  const { reviews } = useSiteContent();
  return (
    <>
      <Seo
        title={`${business.name} | Master Carpenter in Payson, AZ`}
        description={`Carpentry and home remodeling in Payson, Strawberry, Pine and Northern Arizona by a master carpenter with ${business.yearsExperience} years of experience. Licensed & insured. Free quotes.`}
        path={paths.home}
      />
      <StructuredData data={businessJsonLd(siteUrl, business)} />
      <HomeSections />
      <BelowTheFold estimate="60rem">
        {/* The reviews the owner approved, newest first (none: no section). */}
        <Testimonials reviews={reviews} />
        <ContactSection />
      </BelowTheFold>
    </>
  );
}

function ContactSection() {
  const business = useBusiness();
  const telHref = telHrefOf(business);
  const smsHref = smsHrefOf(business);
  const mailHref = mailHrefOf(business);
  const actions = [
    { href: telHref, icon: Phone, label: 'Call', detail: business.phoneDisplay },
    { href: smsHref, icon: MessageSquare, label: 'Text', detail: business.phoneDisplay },
    { href: mailHref, icon: Mail, label: 'E-mail', detail: <EmailAddress email={business.email} /> },
  ] as const;
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-cream-100">
      <div className="container-site grid grid-cols-1 gap-8 py-16 sm:py-20 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-12 lg:gap-y-8">
        <SectionHeading
          id="contact-title"
          eyebrow="Free Quotes"
          title="Get Your Free Quote"
          align="left"
          className="lg:col-start-1 lg:row-start-1"
        >
          Tell us about your project and attach a photo if you have one. We {business.responseTime}.
        </SectionHeading>
        <div className="rounded-2xl border border-cream-200 bg-white p-5 shadow-sm sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Island name="quote-form" props={{ headingLevel: 3 }} />
        </div>
        <ul
          aria-label="Other ways to reach us"
          className="grid min-w-0 grid-cols-1 gap-3 lg:col-start-1 lg:row-start-2"
        >
          {actions.map(({ href, icon: Icon, label, detail }) => (
            <li key={label}>
              <a
                href={href}
                className="flex items-center gap-4 rounded-xl border border-cream-200 bg-white p-4 shadow-sm hover:border-wood-300"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-pine-800 text-white">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-pine-900">{label}</span>
                  <span className="block text-ink-soft">{detail}</span>
                </span>
              </a>
            </li>
          ))}
          <li className="flex items-center gap-2 px-1 text-sm text-ink-muted">
            <Clock aria-hidden="true" className="size-4" /> {business.hours.display}
          </li>
        </ul>
      </div>
    </section>
  );
}
