import { Phone } from 'lucide-react';
import { telHrefOf } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import { paths } from '@shared/routes';
import { buttonVariants } from '@/components/ui/button';
import { SiteLink } from '@/components/ui/site-link';
import { useLocation } from 'wouter';
import { Island } from '@/components/island';
import { Logo } from './logo';

/**
 * The site's header (rendered on the server): the large-screen menu and the phone's menu drawer
 * are islands, hydrated when needed; the rest is links.
 */
export function Header() {
  const business = useBusiness();
  const telHref = telHrefOf(business);
  const [path] = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-cream-200 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/85">
      <div className="container-site flex h-(--header-height) items-center justify-between gap-3 xl:max-w-[90rem] xl:gap-2 xl:px-4 2xl:px-6">
        <Logo />
        <Island name="desktop-nav" props={{ path }} />
        {/* From lg the quote button lines up with the call button, not with the note under it. */}
        <div className="flex items-center gap-1 lg:items-start lg:gap-2">
          <div className="hidden flex-col items-center lg:flex">
            <a href={telHref} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              <Phone aria-hidden="true" />
              {business.phoneDisplay}
            </a>
            <span className="mt-1 text-xs font-medium whitespace-nowrap text-ink-muted">Speak to a live person</span>
          </div>
          <div className="hidden lg:block">
            <SiteLink href={paths.contactSection} className={buttonVariants({ size: 'sm' })}>
              Get Quote
            </SiteLink>
          </div>
          <div className="lg:hidden">
            <a
              href={telHref}
              aria-label={`Call ${business.phoneDisplay}`}
              className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            >
              <Phone aria-hidden="true" className="size-6" />
            </a>
          </div>
          <Island name="mobile-menu" props={{ path }} />
        </div>
      </div>
    </header>
  );
}
