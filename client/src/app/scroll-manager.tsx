import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { scrollToSection } from '@/components/ui/site-link';

/**
 * Every navigation scrolls to the top, or to the #section the URL names: a new page never opens
 * halfway down, and a link to a section lands on it.
 */
export function ScrollManager() {
  const [location] = useLocation();
  // The first page load keeps the browser's own scroll position (and its #hash jump).
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    const hash = window.location.hash.slice(1);
    if (hash) scrollToSection(hash);
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location]);
  return null;
}
