import { BarChart3, CalendarClock, Images, Inbox, LogOut, Settings, Star, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { business } from '@shared/content/business';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { toastFailure } from './feedback';
import { useSignOut } from '../account';
import { useReviews } from '../reviews';

/** The app's sections, in the order of a working day: what came in, who to visit, what to show, what it brought. */
const sections: { href: string; label: string; icon: LucideIcon; matches: (path: string) => boolean }[] = [
  { href: '~/owner', label: 'Requests', icon: Inbox, matches: (path) => path === '/' || path.startsWith('/requests') },
  { href: '/visits', label: 'Visits', icon: CalendarClock, matches: (path) => path.startsWith('/visits') },
  { href: '/projects', label: 'Projects', icon: Images, matches: (path) => path.startsWith('/projects') },
  { href: '/reviews', label: 'Reviews', icon: Star, matches: (path) => path.startsWith('/reviews') },
  { href: '/results', label: 'Results', icon: BarChart3, matches: (path) => path.startsWith('/results') },
];

/**
 * The app's sections as tabs: a row of their own under the bar on a phone (five short words fit
 * 320 px), in the bar from 768 px. The section shown is marked (aria-current) and underlined.
 */
function SectionTabs({ className }: { className?: string }) {
  const [path] = useLocation();
  const waiting = useReviews().data?.reviewsWaiting ?? 0;
  return (
    <nav aria-label="Owner" className={className}>
      <ul className="flex">
        {sections.map(({ href, label, icon: Icon, matches }) => {
          const current = matches(path);
          return (
            <li key={href} className="flex flex-1 md:flex-none">
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 w-full flex-col items-center justify-center gap-0.5 border-b-[3px] px-1 text-xs font-semibold text-white/80 hover:text-white md:flex-row md:gap-1.5 md:px-2.5 md:text-sm',
                  current ? 'border-wood-300 text-white' : 'border-transparent',
                )}
              >
                <Icon aria-hidden="true" className="size-4 md:hidden" />
                <span>
                  {label}
                  {href === '/reviews' && waiting > 0 ? <WaitingCount count={waiting} /> : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Settings: the five tabs are full, so it sits in the bar beside Sign out, on every page. */
function SettingsLink() {
  const [path] = useLocation();
  const current = path.startsWith('/settings') || path.startsWith('/photos');
  return (
    <Link
      href="/settings"
      aria-current={current ? 'page' : undefined}
      className={cn(
        'inline-flex min-h-11 flex-col items-center justify-center gap-0.5 rounded-md px-1.5 text-xs font-semibold text-white/90 underline-offset-4 hover:text-white hover:underline md:flex-row md:gap-1.5 md:px-2 md:text-sm',
        current && 'text-white underline decoration-wood-300 decoration-[3px]',
      )}
    >
      <Settings aria-hidden="true" className="size-4" />
      Settings
    </Link>
  );
}

/** How many reviews wait for his decision, beside the Reviews tab. */
function WaitingCount({ count }: { count: number }) {
  return (
    <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-wood-300 px-1.5 text-[0.7rem] leading-5 font-bold text-pine-900">
      {count}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

/**
 * The signed-in frame: the business's mark, the app's sections and Sign out. On a phone Settings
 * and Sign out stand as icons over short words, like the tabs, so the business's name reads in
 * full (on two lines if it must), never cut.
 */
export function OwnerShell({ children }: { children: ReactNode }) {
  const signOut = useSignOut();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-pine-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-pine-900 bg-pine-800 text-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link href="~/owner" aria-label={business.name} className="flex min-w-0 items-center gap-2.5 rounded-md">
            <img src="/img/brand/logo.svg" alt="" width={36} height={36} className="size-9 shrink-0" />
            <span className="flex min-w-0 flex-col leading-tight md:hidden lg:flex">
              <span className="font-display text-base leading-tight font-bold">{business.name}</span>
              <span className="text-xs font-semibold tracking-[0.12em] text-wood-200 uppercase">Owner</span>
            </span>
          </Link>
          <SectionTabs className="hidden self-stretch md:flex md:items-stretch" />
          <div className="flex shrink-0 items-center gap-1">
            <SettingsLink />
            <Button
              variant="linkLight"
              size="sm"
              className="h-auto min-h-11 flex-col gap-0.5 px-1.5 text-xs md:flex-row md:gap-1.5 md:px-3 md:text-sm [&_svg]:size-4"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, {
                  onError: toastFailure('Could not sign out'),
                })
              }
            >
              <LogOut aria-hidden="true" />
              Sign out
            </Button>
          </div>
        </div>
        <SectionTabs className="border-t border-pine-900/60 md:hidden" />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 pt-5 pb-16 outline-none sm:px-6 sm:pt-8">
        {children}
      </main>
    </>
  );
}
