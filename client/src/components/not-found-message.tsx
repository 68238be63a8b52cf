import { ArrowRight, Home, SearchX } from 'lucide-react';
import { serviceNames } from '@shared/content/names';
import { paths } from '@shared/routes';
import { Seo } from '@/components/seo';
import { buttonVariants } from '@/components/ui/button';
import { CallButton, QuoteButton } from '@/components/call-button';
import { SiteLink } from '@/components/ui/site-link';

/** Where most visitors were heading: the pages people open most. */
const popularPages = [
  { name: 'All Services', href: paths.services },
  { name: 'Before & After Gallery', href: paths.gallery },
  { name: serviceNames['bathroom-remodeling'], href: paths.service('bathroom-remodeling') },
  { name: serviceNames['kitchen-remodeling'], href: paths.service('kitchen-remodeling') },
  { name: serviceNames.decks, href: paths.service('decks') },
  { name: 'About Us', href: paths.about },
] as const;

/**
 * The not-found message shared by the generic, service and location not-found pages (not
 * indexed): the title, a way home, the phone, a quote, and the popular pages to carry on from.
 */
export function NotFoundMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="container-site flex flex-col items-center py-16 text-center sm:py-24">
      <Seo title={title} description={text} />
      <span className="flex size-16 items-center justify-center rounded-full bg-wood-100 text-wood-700">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-5 text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-lg text-ink-soft">{text}</p>
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row sm:flex-wrap">
        <SiteLink href={paths.home} className={buttonVariants({ variant: 'secondary' })}>
          <Home aria-hidden="true" />
          Return Home
        </SiteLink>
        <CallButton variant="outline" />
        <QuoteButton />
      </div>
      <nav aria-labelledby="popular-pages" className="mt-12 w-full max-w-2xl border-t border-cream-200 pt-8">
        <h2 id="popular-pages" className="text-lg font-bold">
          Popular pages
        </h2>
        <ul className="mt-4 grid gap-2 text-left sm:grid-cols-2">
          {popularPages.map((page) => (
            <li key={page.href}>
              <SiteLink
                href={page.href}
                className="group flex min-h-11 items-center justify-between gap-3 rounded-lg border border-cream-200 bg-white px-4 font-semibold text-pine-900 hover:border-wood-300 hover:text-rim-600"
              >
                {page.name}
                <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-wood-500 group-hover:text-rim-600" />
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
