import type { ComponentProps, MouseEvent } from 'react';

type SiteLinkProps = Omit<ComponentProps<'a'>, 'href'> & { href: string };

/**
 * One link for the whole site. Pages are separate documents, so a link to another page is a plain
 * link (a full page load of its prerendered HTML, which opens at the top or at its #section). A
 * "/#section" link on its own page scrolls to the section and moves keyboard focus there.
 * Off-site links open in a new tab without passing the opener.
 */
export function SiteLink({ href, onClick, children, ...props }: SiteLinkProps) {
  if (/^(https?:)?\/\//.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
        {children}
      </a>
    );
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || isModifiedClick(event)) return;
    const [path = '/', hash = ''] = href.split('#');
    if (!hash || !href.startsWith('/') || path !== window.location.pathname) return;
    event.preventDefault();
    window.history.pushState(null, '', href);
    scrollToSection(hash);
  };
  return (
    <a href={href} onClick={handleClick} {...props}>
      {children}
    </a>
  );
}

const isModifiedClick = (event: MouseEvent) =>
  event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;

/**
 * Scrolls to a section and moves keyboard focus there, in the next frame (after a menu that was
 * open has closed).
 */
export function scrollToSection(id: string): void {
  requestAnimationFrame(() => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  });
}
