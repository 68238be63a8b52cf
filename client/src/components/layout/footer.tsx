import { Mail, MapPin, Music, Phone } from 'lucide-react';
import { mailHrefOf, telHrefOf } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import { footerServiceColumns } from '@shared/content/navigation';
import { paths } from '@shared/routes';
import { EmailAddress } from '@/components/email-address';
import { RocLicenceLink } from '@/components/roc-licence-link';
import { SiteLink } from '@/components/ui/site-link';
import { useCurrentYear } from '@/lib/current-date';

// At least 24 px tall (WCAG 2.2 target size), 32 px on phones where fingers do the pointing.
const linkClass =
  'inline-flex min-h-8 items-center text-cream-200/85 hover:text-white hover:underline underline-offset-4 md:min-h-6';

export function Footer() {
  const business = useBusiness();
  const telHref = telHrefOf(business);
  const mailHref = mailHrefOf(business);
  const year = useCurrentYear();
  return (
    <footer
      id="site-footer"
      className="render-when-near bg-pine-950 text-cream-100 [--render-estimate:90rem] md:[--render-estimate:42rem] lg:[--render-estimate:29rem]"
    >
      <div className="container-site grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[1.3fr_2.4fr_1.3fr] lg:gap-12">
        <div>
          <p className="font-display text-2xl font-bold text-white">{business.name}</p>
          <p className="mt-1 text-sm font-semibold tracking-[0.14em] text-wood-300 uppercase">
            {business.slogans.primary}
          </p>
          <p className="mt-4 max-w-xs text-cream-200/85">
            Master carpenter with {business.yearsExperience} years of experience. Licensed and insured.{' '}
            {business.slogans.secondary}
          </p>
          <p className="mt-4 text-sm text-cream-200/85">
            Licensed Arizona contractor{' '}
            <RocLicenceLink className="inline-flex min-h-8 items-center font-semibold text-cream-100 underline decoration-wood-300/70 underline-offset-4 hover:text-white md:min-h-6" />
          </p>
        </div>

        <nav aria-label="Services" className="md:order-last md:col-span-2 lg:order-none lg:col-span-1">
          <h2 className="font-display text-lg font-semibold text-white">Services</h2>
          <div className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-3">
            {footerServiceColumns.map((column, i) => (
              <ul key={i} className="flex flex-col gap-1">
                {column.map((item) => (
                  <li key={item.href}>
                    <SiteLink href={item.href} className={linkClass}>
                      {item.name}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </nav>

        <div>
          <h2 className="font-display text-lg font-semibold text-white">Contact</h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <a href={telHref} className={`${linkClass} gap-2`}>
                <Phone aria-hidden="true" className="size-4 text-wood-300" />
                {business.phoneDisplay}
              </a>
            </li>
            <li>
              <a href={mailHref} className={`${linkClass} gap-2`}>
                <Mail aria-hidden="true" className="size-4 shrink-0 text-wood-300" />
                <EmailAddress email={business.email} />
              </a>
            </li>
            <li className="flex gap-2 text-cream-200/85">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-wood-300" />
              <span>{business.serviceAreaText}</span>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="container-site flex flex-col gap-3 py-6 text-sm text-cream-200/80 md:flex-row md:items-center md:justify-between">
          <p>
            © <span data-current-year>{year}</span> {business.name}. All rights reserved.
          </p>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-1">
            <li>
              <SiteLink href={paths.privacy} className={linkClass}>
                Privacy Policy
              </SiteLink>
            </li>
            <li>
              <SiteLink href={paths.terms} className={linkClass}>
                Terms of Service
              </SiteLink>
            </li>
            <li>
              <SiteLink href={business.musicSite.url} className={`${linkClass} gap-1.5`}>
                <Music aria-hidden="true" className="size-4" />
                {business.musicSite.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </SiteLink>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
