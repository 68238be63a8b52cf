import { Mail, Phone } from 'lucide-react';
import { mailHrefOf, telHrefOf } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import type { LegalDocument as LegalDocumentContent } from '@shared/content/legal';
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
  const telHref = telHrefOf(business);
  const mailHref = mailHrefOf(business);
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
              <li>
                <a
                  href={mailHref}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold break-all text-pine-900 underline-offset-4 hover:text-rim-600 hover:underline"
                >
                  <Mail aria-hidden="true" className="size-5 shrink-0 text-wood-600" />
                  {business.email}
                </a>
              </li>
              <li>
                <a
                  href={telHref}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold text-pine-900 underline-offset-4 hover:text-rim-600 hover:underline"
                >
                  <Phone aria-hidden="true" className="size-5 shrink-0 text-wood-600" />
                  {business.phoneDisplay}
                </a>
              </li>
            </ul>
          </aside>
        </div>
      </div>
    </article>
  );
}
