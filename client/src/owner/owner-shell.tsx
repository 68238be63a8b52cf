import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { business } from '@shared/content/business';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { errorMessage, useSignOut } from './api';

const navLink =
  'inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-white underline-offset-4 hover:underline';

/** The signed-in frame: the business's mark, Requests, Projects and Sign out. */
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
            <span className="hidden min-w-0 flex-col leading-tight sm:flex">
              <span className="truncate font-display text-base font-bold">{business.name}</span>
              <span className="text-xs font-semibold tracking-[0.12em] text-wood-200 uppercase">Quote requests</span>
            </span>
          </Link>
          <nav aria-label="Owner" className="flex items-center gap-1">
            <Link href="~/owner" className={navLink}>
              Requests
            </Link>
            <Link href="~/owner/projects" className={navLink}>
              Projects
            </Link>
            <Button
              variant="linkLight"
              size="sm"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, {
                  onError: (error) =>
                    toast({ title: 'Could not sign out', description: errorMessage(error), variant: 'destructive' }),
                })
              }
            >
              <LogOut aria-hidden="true" />
              Sign out
            </Button>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 pt-5 pb-16 outline-none sm:px-6 sm:pt-8">
        {children}
      </main>
    </>
  );
}
