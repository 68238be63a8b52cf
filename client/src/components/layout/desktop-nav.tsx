import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { NavItem } from '@shared/content/types';
import { paths } from '@shared/routes';
import { SiteLink } from '@/components/ui/site-link';
import { cn } from '@/lib/utils';
import { locationNavItems, otherServicesNav, serviceNavItems, toColumns } from './nav-data';

const topLink =
  'inline-flex h-10 items-center gap-0.5 rounded-md px-2 text-[0.875rem] font-semibold whitespace-nowrap 2xl:px-3 2xl:text-[0.95rem] transition-colors hover:bg-pine-50 hover:text-pine-900 data-[state=open]:bg-pine-50 data-[state=open]:text-pine-900';
const idleLink = 'text-ink-soft';
const activeLink = 'bg-pine-100 text-pine-900';

/**
 * Large-screen menu (Radix navigation menu), from 1280 px; narrower screens use the drawer. An
 * island: `path` is the page's, to show it as current.  Hover delay 200 ms, skip delay 300 ms; Radix closes
 * an open menu 150 ms after the pointer leaves, which is the specified close delay.
 */
export default function DesktopNav({ path: location }: { path: string }) {
  return (
    <NavigationMenu.Root
      delayDuration={200}
      skipDelayDuration={300}
      aria-label="Main"
      className="relative hidden xl:block"
    >
      <NavigationMenu.List className="flex items-center gap-0.5">
        <TopLink href={paths.home} current={location === paths.home}>
          Home
        </TopLink>
        <Dropdown label="Services" width="w-[800px]" align="left-0">
          <div className="grid grid-cols-3 gap-x-6 gap-y-1">
            {toColumns(serviceNavItems, 3).map((column, i) => (
              <ul key={i} className="flex flex-col gap-0.5">
                {column.map((item) => (
                  <MenuLink key={item.href} item={item} />
                ))}
              </ul>
            ))}
          </div>
          <div className="mt-4 border-t border-cream-200 pt-3">
            <NavigationMenu.Link asChild>
              <SiteLink href={paths.services} className="text-sm font-semibold text-rim-600 hover:text-rim-700">
                View all services →
              </SiteLink>
            </NavigationMenu.Link>
          </div>
        </Dropdown>
        <Dropdown label="Locations" width="w-[280px]">
          <ul className="flex flex-col gap-0.5">
            {locationNavItems.map((item) => (
              <MenuLink key={item.href} item={item} />
            ))}
          </ul>
        </Dropdown>
        <TopLink href={paths.gallery} current={location === paths.gallery}>
          Before &amp; After
        </TopLink>
        <Dropdown label="Other Services" width="w-[280px]">
          <ul className="flex flex-col gap-0.5">
            {otherServicesNav.map((item) => (
              <MenuLink key={item.href} item={item} />
            ))}
          </ul>
        </Dropdown>
        <TopLink href={paths.about} current={location === paths.about}>
          About
        </TopLink>
        <TopLink href={paths.contact} current={location === paths.contact}>
          Contact
        </TopLink>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

function TopLink({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <NavigationMenu.Item>
      <NavigationMenu.Link asChild active={current}>
        <SiteLink
          href={href}
          aria-current={current ? 'page' : undefined}
          className={cn(topLink, current ? activeLink : idleLink)}
        >
          {children}
        </SiteLink>
      </NavigationMenu.Link>
    </NavigationMenu.Item>
  );
}

function Dropdown({
  label,
  width,
  align = 'left-1/2 -translate-x-1/2',
  children,
}: {
  label: string;
  width: string;
  align?: string;
  children: ReactNode;
}) {
  return (
    <NavigationMenu.Item className="relative">
      <NavigationMenu.Trigger className={cn(topLink, idleLink, 'group')}>
        {label}
        <ChevronDown
          aria-hidden="true"
          className="size-3.5 transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </NavigationMenu.Trigger>
      <NavigationMenu.Content
        className={cn(
          'absolute top-full z-50 mt-2 rounded-xl border border-cream-200 bg-white p-5 shadow-xl shadow-pine-950/10',
          width,
          align,
        )}
      >
        {children}
      </NavigationMenu.Content>
    </NavigationMenu.Item>
  );
}

function MenuLink({ item }: { item: NavItem }) {
  return (
    <li>
      <NavigationMenu.Link asChild>
        <SiteLink
          href={item.href}
          className="block rounded-md px-3 py-2 text-[0.95rem] text-ink-soft hover:bg-pine-50 hover:text-pine-900 focus-visible:bg-pine-50"
        >
          {item.name}
        </SiteLink>
      </NavigationMenu.Link>
    </li>
  );
}
