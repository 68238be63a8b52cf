declare const __BUILD_DATE__: string;

// No React here: the page's entry script uses it (entry-client.ts).

/**
 * A prerendered page keeps the dates of its build until the site is built again, which, now that
 * the owner changes the site himself, may be years. The page's script writes the visitor's into
 * it as it starts (showVisitorDates): the footer's year (`[data-current-year]`) and the legal
 * pages' "Last updated" date (`time[data-current-date]`). Never one before the build's: a phone's
 * clock can be wrong.
 */
export function showVisitorDates(root: ParentNode = document, now = new Date()): void {
  const year = currentYear(now);
  for (const element of root.querySelectorAll('[data-current-year]'))
    if (element.textContent !== year) element.textContent = year;
  const today = currentDateIso(now);
  for (const element of root.querySelectorAll<HTMLTimeElement>('time[data-current-date]')) {
    if (element.dateTime === today) continue;
    element.dateTime = today;
    element.textContent = formatLongDate(today);
  }
}

/** The copyright year: the visitor's, never before the build's. */
export function currentYear(now = new Date()): string {
  return currentDateIso(now).slice(0, 4);
}

/** The visitor's today as YYYY-MM-DD, never before the build's. */
export function currentDateIso(now = new Date()): string {
  const today = isoDate(now);
  return today < __BUILD_DATE__ ? __BUILD_DATE__ : today;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A date as YYYY-MM-DD, from the Date's own (local) fields: the first use of Intl date formatting
 * costs tens of milliseconds on a phone, in the middle of hydration.
 */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-11-24" as "November 24, 2026" (US English), without Intl for the same reason. */
export function formatLongDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${monthNames[m! - 1]} ${d}, ${y}`;
}
