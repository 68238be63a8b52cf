import { Mail, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { mailHrefOf, telHrefOf } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import type { Business } from '@shared/content/business-facts';
import type { LegalDocument as LegalDocumentContent } from '@shared/content/legal';
import { Seo } from '@/components/seo';
import { useTodayIso } from '@/lib/current-date';
import { formatLongDate } from '@/lib/visitor-dates';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A privacy policy or terms page: title, a "Last updated" line (the visitor's today; in the
 * prerendered page the day of the build, which the page's script sets to the visitor's:
 * lib/visitor-dates.ts), the sections and the contact details.
 */
export function LegalDocument({ document }: { document: LegalDocumentContent }) {
  const business = useBusiness();
  const today = useTodayIso();
  return (
    <article className="pb-16 sm:pb-20">
      <header className="border-b border-cream-200 bg-cream-100">
        <div className="container-site py-12 sm:py-16">
          <div className="mx-auto max-w-3xl">
            <p className="text-sm font-bold tracking-[0.16em] text-rim-600 uppercase">{business.name}</p>
            <h1 className="mt-2 text-4xl font-bold sm:text-5xl">{document.title}</h1>
            <p className="mt-4 text-ink-muted">
              Last updated:{' '}
              <time dateTime={today} data-current-date>
                {formatLongDate(today)}
              </time>
            </p>
          </div>
        </div>
      </header>
      <div className="container-site">
        <div className="mx-auto max-w-3xl pt-10 sm:pt-12">
          <p className="text-lg leading-relaxed text-ink-soft">{document.intro}</p>
          {document.sections.map((section) => (
            <section key={section.heading} aria-labelledby={`legal-${slug(section.heading)}`} className="mt-10">
              <h2 id={`legal-${slug(section.heading)}`} className="text-2xl font-bold">
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed text-ink-soft">
                  {paragraph}
                </p>
              ))}
              {section.list ? (
                <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-ink-soft marker:text-wood-500">
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <aside
            aria-label="Contact details"
            className="mt-12 rounded-2xl border border-cream-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <p className="font-display text-xl font-bold text-pine-900">Questions? Get in touch.</p>
            <p className="mt-1 text-ink-soft">{business.name}</p>
            <ul className="mt-4 flex flex-col gap-2 sm:flex-row sm:gap-8">
              <ContactLink href={mailHrefOf(business)} icon={Mail} breakAll>
                {business.email}
              </ContactLink>
              <ContactLink href={telHrefOf(business)} icon={Phone}>
                {business.phoneDisplay}
              </ContactLink>
            </ul>
          </aside>
        </div>
      </div>
    </article>
  );
}

/** An e-mail or phone link of the contact details, with its icon; `breakAll` lets a long address wrap. */
function ContactLink({
  href,
  icon: Icon,
  breakAll = false,
  children,
}: {
  href: string;
  icon: LucideIcon;
  breakAll?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <a
        href={href}
        className={`inline-flex min-h-11 items-center gap-2 font-semibold${breakAll ? ' break-all' : ''} text-pine-900 underline-offset-4 hover:text-rim-600 hover:underline`}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0 text-wood-600" />
        {children}
      </a>
    </li>
  );
}

/** The privacy policy or terms page: its document for the business as the owner set it, and its Seo. */
export function LegalPage({
  documentFor,
  description,
  path,
  imageKey,
}: {
  documentFor: (business: Business) => LegalDocumentContent;
  description: (business: Business) => string;
  path: string;
  imageKey: string;
}) {
  const business = useBusiness();
  const document = documentFor(business);
  return (
    <>
      <Seo title={document.title} description={description(business)} path={path} imageKey={imageKey} />
      <LegalDocument document={document} />
    </>
  );
}
