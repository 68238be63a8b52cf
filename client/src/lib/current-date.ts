import { useSyncExternalStore } from 'react';
import { currentYear } from './current-year';

declare const __BUILD_DATE__: string;

const noSubscription = () => () => {};
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The visitor's today as YYYY-MM-DD, from the Date's own fields: the first use of Intl date
 * formatting costs tens of milliseconds on a phone, in the middle of hydration.
 */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

let showsBuildDate = false;

/**
 * Pages the app's router renders in the browser (app/navigation) show the dates a direct load of
 * the same URL shows: the build's.
 */
export function showBuildDate(): void {
  showsBuildDate = true;
}

const todayIso = () => (showsBuildDate ? __BUILD_DATE__ : isoDate(new Date()));

/**
 * Today's date as YYYY-MM-DD. Prerendered HTML carries the build date (the footer's year, the legal
 * pages' date: no island holds them, so that is what the visitor sees). Where React renders in
 * the browser it is the visitor's today, and taking over prerendered HTML gives no mismatch.
 */
export function useTodayIso(): string {
  return useSyncExternalStore(noSubscription, todayIso, () => __BUILD_DATE__);
}

/**
 * The footer's year where React draws it: the build's in prerendered HTML, the visitor's where
 * the router renders the page in the browser (the footer is in no island, so it is never hydrated).
 */
export function useCurrentYear(): string {
  return useSyncExternalStore(noSubscription, currentYear, () => __BUILD_DATE__.slice(0, 4));
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
