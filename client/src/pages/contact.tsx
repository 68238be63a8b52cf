import { Clock, Mail, MapPin, Phone, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { mailHrefOf, telHrefOf } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import { paths } from '@shared/routes';
import { EmailAddress } from '@/components/email-address';
import { PageIntro } from '@/components/page-intro';
import { Seo } from '@/components/seo';
import { Island } from '@/components/island';
import { cn } from '@/lib/utils';
import { BelowTheFold } from '@/components/below-the-fold';

const serviceAreas = ['Payson AZ', 'Strawberry AZ', 'Pine AZ', 'Northern Arizona'] as const;

const nextSteps = [
  { title: 'Tell us about it', text: 'What you want built or fixed, where it is, and photos if you have them.' },
  { title: 'We talk it through', text: 'The carpenter who will do the work calls you back and visits if needed.' },
  { title: 'Get your free quote', text: 'A clear estimate for the work, with no obligation.' },
] as const;

export default function ContactPage() {
  const business = useBusiness();
  const telHref = telHrefOf(business);
  const mailHref = mailHrefOf(business);
  return (
    <>
      <Seo
        title="Contact Us for a Free Quote"
        description={`Request a free carpentry or remodeling quote in Payson, Strawberry, Pine or Northern Arizona. Call or text ${business.phoneDisplay}; we ${business.responseTime}.`}
        path={paths.contact}
        imageKey="contact"
      />
      <PageIntro id="contact-title" eyebrow="Free Quotes" title="Contact Us">
        Tell us about your project, or just pick up the phone. You will talk with the carpenter who does the work, and
        quotes are always free.
      </PageIntro>

      <BelowTheFold estimate="120rem">
        <div className="container-site grid grid-cols-1 gap-6 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8">
          <section
            aria-labelledby="quote-title"
            className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <Island
              name="quote-form"
              props={{
                id: 'quote-form',
                headingId: 'quote-title',
                className: 'border-b border-cream-200 pb-8',
                description:
                  'Share a few details about your project and where it is, and we will get back to you to talk it through and set up a visit if needed.',
              }}
            />
            <h3 className="mt-8 text-lg font-bold">What happens next</h3>
            <ol className="mt-4 grid gap-4 sm:grid-cols-3">
              {nextSteps.map((step, i) => (
                <li key={step.title} className="flex gap-3 sm:flex-col">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-wood-100 font-display font-bold text-wood-800">
                    {i + 1}
                  </span>
                  <span>
                    <span className="block font-semibold text-pine-900">{step.title}</span>
                    <span className="mt-0.5 block text-sm text-ink-soft">{step.text}</span>
                  </span>
                </li>
              ))}
            </ol>
          </section>

          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <SideCard icon={Phone} title="Phone">
              <a
                href={telHref}
                className="inline-flex min-h-11 items-center text-lg font-semibold text-pine-900 underline-offset-4 hover:text-rim-600 hover:underline"
              >
                {business.phoneDisplay}
              </a>
              <p className="text-sm text-ink-muted">Speak to a live person</p>
            </SideCard>
            <SideCard icon={Mail} title="Email">
              <a
                href={mailHref}
                className="inline-flex min-h-11 items-center font-semibold text-pine-900 underline-offset-4 hover:text-rim-600 hover:underline"
              >
                <EmailAddress email={business.email} />
              </a>
            </SideCard>
            <SideCard icon={MapPin} title="Service Areas">
              <ul className="flex flex-wrap gap-2">
                {serviceAreas.map((area) => (
                  <li key={area} className="rounded-full bg-pine-50 px-3 py-1 text-sm font-medium text-pine-900">
                    {area}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm font-semibold text-pine-800">{business.phoenixNote}</p>
            </SideCard>
            <SideCard icon={Timer} title="Response Time">
              <p className="text-ink-soft">We {business.responseTime}.</p>
              <p className="mt-3 flex items-start gap-2 text-sm text-ink-muted">
                <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  <span className="font-semibold text-ink-soft">Business hours:</span> {business.hours.display}
                </span>
              </p>
            </SideCard>
          </div>
        </div>
      </BelowTheFold>
    </>
  );
}

function SideCard({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: typeof Phone;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={cn('rounded-2xl border border-cream-200 bg-white p-5 shadow-sm', className)}>
      <h2 className="flex items-center gap-3 text-lg font-bold">
        <span className="flex size-10 items-center justify-center rounded-lg bg-pine-800 text-wood-200">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
