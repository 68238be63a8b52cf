import type { ComponentProps, MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';

type SiteLinkProps = Omit<ComponentProps<'a'>, 'href'> & { href: string };

/**
 * One link for the whole site: in-app paths navigate client-side (wouter), "/#section" links
 * scroll to their section (also when already on that page), everything else is a plain anchor;
 * off-site links open in a new tab without passing the opener.
 */
export function SiteLink({ href, onClick, children, ...props }: SiteLinkProps) {
  const [location, navigate] = useLocation();

  if (/^(https?:)?\/\//.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
        {children}
      </a>
    );
  }
  if (!href.startsWith('/')) {
    return (
      <a href={href} onClick={onClick} {...props}>
        {children}
      </a>
    );
  }

  if (href.split('#')[1]) {
    const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (event.defaultPrevented || isModifiedClick(event)) return;
      event.preventDefault();
      goToSection(href, location, navigate);
    };
    return (
      <a href={href} onClick={handleClick} {...props}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} onClick={onClick} {...props}>
      {children}
    </Link>
  );
}

const isModifiedClick = (event: MouseEvent) =>
  event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;

/** "/#contact": to that page if it is not the current one, then to the section. */
function goToSection(href: string, location: string, navigate: (to: string) => void): void {
  const [path = '/', hash = ''] = href.split('#');
  if (location !== path) navigate(href);
  else window.history.pushState(null, '', href);
  scrollToSection(hash);
}

/**
 * A click on a plain link inside HTML that React did not create (see StaticHtml): follows it as
 * SiteLink would, client-side for in-app paths, and leaves every other link to the browser.
 */
export function followPlainLink(event: MouseEvent, location: string, navigate: (to: string) => void): void {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || event.defaultPrevented || isModifiedClick(event)) return;
  if (link.target || link.hasAttribute('download')) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  const href = `${url.pathname}${url.search}${url.hash}`;
  event.preventDefault();
  if (url.hash) goToSection(href, location, navigate);
  else navigate(href);
}

/**
 * Scrolls to a section and moves keyboard focus there. The section may not exist yet when the
 * page it is on is still loading, so this waits for it for up to about two seconds.
 */
export function scrollToSection(id: string, framesLeft = 120): void {
  requestAnimationFrame(() => {
    const target = document.getElementById(id);
    if (!target) {
      if (framesLeft > 0) scrollToSection(id, framesLeft - 1);
      return;
    }
    target.scrollIntoView({ block: 'start' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  });
}
