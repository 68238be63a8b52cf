import { rocSearchUrl } from '@shared/content/business';
import { useBusiness } from '@/lib/site-content';
import { SiteLink } from '@/components/ui/site-link';

/**
 * The licence as the Registrar of Contractors asks contractors to advertise it, "ROC" plus the
 * number, linking to the Registrar's contractor search so a homeowner can check it.
 */
export function RocLicenceLink({ className }: { className?: string }) {
  const business = useBusiness();
  return (
    <SiteLink href={rocSearchUrl} className={className}>
      {business.rocLicense}
      <span className="sr-only">
        {' '}
        (look up the licence at the Arizona Registrar of Contractors, opens in a new tab)
      </span>
    </SiteLink>
  );
}
