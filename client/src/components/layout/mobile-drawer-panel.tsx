import type { MouseEvent, ReactNode } from 'react';
import type { NavItem } from '@shared/content/types';
import { paths } from '@shared/routes';
import { buttonVariants } from '@/components/ui/button';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { SiteLink } from '@/components/ui/site-link';
import { cn } from '@/lib/utils';
import { drawerServiceItems, locationNavItems, otherServicesNav } from './nav-data';

/**
 * The drawer itself, loaded on demand by MobileDrawer. Choosing any link closes it (a link to
 * another page by the page changing, see MobileDrawer; one to this page, or a section of it, here);
 * on closing, focus goes back to the menu button.
 */
export default function MobileDrawerPanel({
  id,
  path: location,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  id: string;
  /** The page's path, shown as current. */
  path: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  const close = (event: MouseEvent<HTMLAnchorElement>) => {
    if (new URL(event.currentTarget.href).pathname === location) onOpenChange(false);
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title="Menu"
        id={id}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // A link chosen in it moved the focus to the new page's heading: it stays there.
          if (document.activeElement === document.body || !document.activeElement) returnFocusTo()?.focus();
        }}
      >
        <nav aria-label="Mobile" className="px-3 py-3">
          <ul className="flex flex-col">
            <DrawerLink
              item={{ name: 'Home', href: paths.home }}
              current={location === paths.home}
              onNavigate={close}
            />
            <DrawerGroup label="Services" items={drawerServiceItems} onNavigate={close}>
              <DrawerSubLink item={{ name: 'All services', href: paths.services }} onNavigate={close} strong />
            </DrawerGroup>
            <DrawerGroup label="Locations" items={locationNavItems} onNavigate={close} />
            <DrawerLink
              item={{ name: 'Before & After', href: paths.gallery }}
              current={location === paths.gallery}
              onNavigate={close}
            />
            <DrawerGroup label="Other Services" items={otherServicesNav} onNavigate={close} />
            <DrawerLink
              item={{ name: 'About', href: paths.about }}
              current={location === paths.about}
              onNavigate={close}
            />
            <DrawerLink
              item={{ name: 'Contact', href: paths.contact }}
              current={location === paths.contact}
              onNavigate={close}
            />
          </ul>
        </nav>
        <div className="border-t border-cream-200 p-5">
          <SiteLink
            href={paths.contactSection}
            onClick={close}
            className={cn(buttonVariants({ size: 'lg' }), 'w-full')}
          >
            Request a Quote
          </SiteLink>
        </div>
      </SheetContent>
    </Sheet>
  );
}

function DrawerLink({
  item,
  current,
  onNavigate,
}: {
  item: NavItem;
  current: boolean;
  onNavigate: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <li>
      <SiteLink
        href={item.href}
        onClick={onNavigate}
        aria-current={current ? 'page' : undefined}
        className={cn(
          'flex min-h-12 items-center rounded-lg px-3 text-lg font-semibold text-pine-900 hover:bg-pine-50',
          current && 'bg-pine-100',
        )}
      >
        {item.name}
      </SiteLink>
    </li>
  );
}

function DrawerGroup({
  label,
  items,
  onNavigate,
  children,
}: {
  label: string;
  items: readonly NavItem[];
  onNavigate: (event: MouseEvent<HTMLAnchorElement>) => void;
  children?: ReactNode;
}) {
  return (
    <li className="mt-2 mb-1">
      <p className="px-3 pb-1 text-xs font-bold tracking-[0.14em] text-wood-700 uppercase">{label}</p>
      <ul className="flex flex-col">
        {items.map((item) => (
          <DrawerSubLink key={item.href} item={item} onNavigate={onNavigate} />
        ))}
        {children}
      </ul>
    </li>
  );
}

function DrawerSubLink({
  item,
  onNavigate,
  strong,
}: {
  item: NavItem;
  onNavigate: (event: MouseEvent<HTMLAnchorElement>) => void;
  strong?: boolean;
}) {
  return (
    <li>
      <SiteLink
        href={item.href}
        onClick={onNavigate}
        className={cn(
          'flex min-h-11 items-center rounded-lg px-3 text-base hover:bg-pine-50 hover:text-pine-900',
          strong ? 'font-semibold text-rim-600' : 'text-ink-soft',
        )}
      >
        {item.name}
      </SiteLink>
    </li>
  );
}
