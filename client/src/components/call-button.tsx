import { Phone } from 'lucide-react';
import type { VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { telHrefOf } from '@shared/content/business-facts';
import { paths } from '@shared/routes';
import { buttonVariants } from '@/components/ui/button';
import { SiteLink } from '@/components/ui/site-link';
import { useBusiness } from '@/lib/site-content';
import { cn } from '@/lib/utils';

type ButtonLook = VariantProps<typeof buttonVariants> & { className?: string };

const look = ({ variant, size, className }: ButtonLook) =>
  className ? cn(buttonVariants({ variant, size }), className) : buttonVariants({ variant, size });

/** "Call (928) …": the business's phone (as the owner set it) as a button. */
export function CallButton(props: ButtonLook) {
  const business = useBusiness();
  return (
    <a href={telHrefOf(business)} className={look(props)}>
      <Phone aria-hidden="true" />
      Call {business.phoneDisplay}
    </a>
  );
}

/** "Get Free Quote" (or `children`): a button to the quote form on the home page. */
export function QuoteButton({ children = 'Get Free Quote', ...props }: ButtonLook & { children?: ReactNode }) {
  return (
    <SiteLink href={paths.contactSection} className={look(props)}>
      {children}
    </SiteLink>
  );
}
