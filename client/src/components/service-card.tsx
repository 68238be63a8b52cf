import { ArrowRight } from 'lucide-react';
import type { ServiceSummary } from '@shared/content/service-summaries';
import { paths } from '@shared/routes';
import { ServiceIcon } from '@/components/service-icon';
import { SiteLink } from '@/components/ui/site-link';

/** A service in a grid: icon, name, description clamped to two lines; the whole card links to its page. */
export function ServiceCard({
  service,
  headingLevel: Heading = 'h3',
}: {
  service: ServiceSummary;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <SiteLink
      href={paths.service(service.slug)}
      className="group grid h-full grid-cols-[auto_1fr] gap-x-4 rounded-xl border border-cream-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-wood-300 hover:shadow-md sm:flex sm:flex-col sm:p-5"
    >
      <span className="row-span-2 flex size-11 items-center justify-center rounded-lg bg-pine-50 text-pine-700 transition-colors group-hover:bg-pine-800 group-hover:text-white sm:size-12">
        <ServiceIcon name={service.icon} className="size-6" />
      </span>
      <Heading className="text-lg font-bold sm:mt-4">{service.name}</Heading>
      <p className="mt-1 line-clamp-2 text-[0.95rem] text-ink-soft sm:mt-1.5 sm:text-base">{service.description}</p>
      <span className="mt-auto hidden items-center gap-1 pt-3 text-sm font-semibold text-rim-600 sm:inline-flex">
        Learn more <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </SiteLink>
  );
}
