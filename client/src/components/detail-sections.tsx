import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { BelowTheFold } from '@/components/below-the-fold';
import { CallButton, QuoteButton } from '@/components/call-button';
import { SiteLink } from '@/components/ui/site-link';

/** Building blocks shared by the service and service-area pages: sections, sidebar cards, the quote card. */
export function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="flex items-center gap-3 text-2xl font-bold sm:text-3xl">
        <span aria-hidden="true" className="h-7 w-1.5 rounded-full bg-wood-400" />
        {title}
      </h2>
      <div className="mt-6 text-ink">{children}</div>
    </section>
  );
}

export function SidebarCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-cream-200 bg-white p-5 shadow-sm sm:p-6 lg:p-5">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A rounded link in a sidebar list (service areas, popular services). */
export function PillLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <SiteLink
      href={href}
      className="inline-flex min-h-11 items-center gap-1 rounded-full border border-pine-200 bg-pine-50 px-3 text-sm font-semibold text-pine-800 transition-colors hover:border-pine-700 hover:bg-pine-700 hover:text-white lg:min-h-9"
    >
      {children}
    </SiteLink>
  );
}

export function QuoteCard() {
  return (
    <section
      aria-labelledby="quote-card-title"
      className="rounded-2xl bg-pine-800 p-5 text-white shadow-md sm:p-6 lg:p-5"
    >
      <h2 id="quote-card-title" className="text-2xl font-bold text-white">
        Get Your Free Quote
      </h2>
      <p className="mt-2 text-cream-100">
        Tell us about your project. We reply{' '}
        <strong className="font-semibold text-white">within 24 hours on business days</strong>.
      </p>
      <div className="mt-5 flex flex-col gap-3">
        <QuoteButton className="w-full" />
        <CallButton variant="light" className="w-full" />
      </div>
    </section>
  );
}

/**
 * The body of a service or service-area page below its header: the sections, and beside them on a
 * large screen (below them on a phone) the quote card and the `aside` cards.
 */
export function DetailBody({
  asideLabel,
  aside,
  children,
}: {
  asideLabel: string;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <BelowTheFold estimate="200rem">
      <div className="container-site grid grid-cols-1 gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-14">
        <div className="flex flex-col gap-14 sm:gap-16">{children}</div>
        <aside aria-label={asideLabel} className="lg:top-22 lg:[@media(min-height:800px)]:sticky">
          <div className="flex flex-col gap-4">
            <QuoteCard />
            {aside}
          </div>
        </aside>
      </div>
    </BelowTheFold>
  );
}

/** A sidebar card of rounded links (the service areas). */
export function PillLinksCard({
  title,
  id,
  links,
}: {
  title: string;
  id: string;
  links: readonly { href: string; name: string }[];
}) {
  return (
    <SidebarCard title={title} id={id}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <PillLink href={link.href}>{link.name}</PillLink>
          </li>
        ))}
      </ul>
    </SidebarCard>
  );
}

/** A pale panel with a round icon beside its text (the climate of an area, a service's timeline). */
export function IconPanel({
  icon: Icon,
  centered = false,
  children,
}: {
  icon: LucideIcon;
  centered?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={
        centered
          ? 'flex flex-col gap-5 rounded-xl border border-pine-100 bg-pine-50 p-6 sm:flex-row sm:items-center sm:p-7'
          : 'flex flex-col gap-5 rounded-xl border border-pine-100 bg-pine-50 p-6 sm:flex-row sm:p-7'
      }
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-pine-800 text-wood-200">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      {children}
    </div>
  );
}
