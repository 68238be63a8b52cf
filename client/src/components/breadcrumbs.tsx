import { ChevronRight } from 'lucide-react';
import { SiteLink } from '@/components/ui/site-link';
import { cn } from '@/lib/utils';

/** One step of a breadcrumb trail; the same list feeds the page's BreadcrumbList structured data. */
export interface Crumb {
  name: string;
  path: string;
}

const tones = {
  /** On the dark green page heads (service pages). */
  dark: {
    list: 'text-cream-100',
    link: 'underline-offset-4',
    separator: 'text-pine-300',
    current: 'text-wood-200',
  },
  /** On the cream page heads (project pages). */
  light: { list: 'text-ink-muted', link: '', separator: '', current: 'text-pine-900' },
} as const;

/** The visible trail above a detail page's title: links up to the last step, which is this page. */
export function Breadcrumbs({ trail, tone }: { trail: readonly Crumb[]; tone: keyof typeof tones }) {
  const colours = tones[tone];
  const current = trail.at(-1);
  return (
    <nav aria-label="Breadcrumb">
      <ol className={cn('flex flex-wrap items-center gap-x-1 text-sm', colours.list)}>
        {trail.slice(0, -1).map((crumb) => (
          <li key={crumb.path} className="flex items-center gap-1">
            <SiteLink
              href={crumb.path}
              className={cn('inline-flex min-h-11 items-center hover:underline sm:min-h-0', colours.link)}
            >
              {crumb.name}
            </SiteLink>
            <ChevronRight aria-hidden="true" className={cn('size-4', colours.separator)} />
          </li>
        ))}
        {current && (
          <li>
            <span aria-current="page" className={cn('font-semibold', colours.current)}>
              {current.name}
            </span>
          </li>
        )}
      </ol>
    </nav>
  );
}
