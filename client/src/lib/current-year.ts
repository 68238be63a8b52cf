declare const __BUILD_DATE__: string;

// No React here: the page's entry script uses it (entry-client.ts).

/** The copyright year: the visitor's, never before the build's (a phone's clock can be wrong). */
export function currentYear(now = new Date()): string {
  return String(Math.max(now.getFullYear(), Number(__BUILD_DATE__.slice(0, 4))));
}

/**
 * A prerendered page keeps the year of its build until the site is built again, which, now that
 * the owner changes the site himself, may be years: the page's script writes the visitor's year
 * into each `[data-current-year]` as it starts.
 */
export function showCurrentYear(root: ParentNode = document): void {
  const year = currentYear();
  for (const element of root.querySelectorAll('[data-current-year]'))
    if (element.textContent !== year) element.textContent = year;
}
