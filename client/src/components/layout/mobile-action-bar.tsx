import { FileText, MessageSquare, Phone } from 'lucide-react';
import { smsHrefOf, telHrefOf } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import { paths } from '@shared/routes';
import { SiteLink } from '@/components/ui/site-link';

const item =
  'flex flex-1 flex-col items-center justify-center gap-0.5 py-2 text-sm font-semibold text-white active:bg-white/10';

/** Fixed bottom bar on small screens: Call, Text, Quote (links only). */
export function MobileActionBar() {
  const business = useBusiness();
  const telHref = telHrefOf(business);
  const smsHref = smsHrefOf(business);
  return (
    <nav
      aria-label="Quick actions"
      className="fixed inset-x-0 bottom-0 z-40 flex border-t border-pine-700 bg-pine-900 pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <a href={telHref} className={item}>
        <Phone aria-hidden="true" className="size-5" />
        Call
      </a>
      <a href={smsHref} className={`${item} border-x border-pine-700`}>
        <MessageSquare aria-hidden="true" className="size-5" />
        Text
      </a>
      <SiteLink href={paths.contactSection} className={`${item} bg-rim-600 active:bg-rim-700`}>
        <FileText aria-hidden="true" className="size-5" />
        Quote
      </SiteLink>
    </nav>
  );
}
