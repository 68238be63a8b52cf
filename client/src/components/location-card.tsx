import { MapPin } from 'lucide-react';
import type { LocationSummary } from '@shared/content/location-summaries';
import { paths } from '@shared/routes';
import { SiteLink } from '@/components/ui/site-link';

/** A service area: name and description clamped to three lines; links to its page. */
export function LocationCard({ location }: { location: LocationSummary }) {
  return (
    <SiteLink
      href={paths.location(location.slug)}
      className="group flex h-full flex-col rounded-xl border border-cream-200 bg-white p-6 shadow-sm transition hover:border-wood-300 hover:shadow-md"
    >
      <span className="inline-flex items-center gap-2 text-pine-700">
        <MapPin aria-hidden="true" className="size-5" />
        <span className="text-xs font-bold tracking-[0.14em] uppercase">Service Area</span>
      </span>
      <h3 className="mt-3 text-xl font-bold group-hover:text-pine-700">{location.name}</h3>
      <p className="mt-2 line-clamp-3 text-ink-soft">{location.description}</p>
    </SiteLink>
  );
}
