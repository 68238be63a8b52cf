import { useSyncExternalStore } from 'react';
import { currentDateIso, currentYear } from './visitor-dates';

declare const __BUILD_DATE__: string;

const noSubscription = () => () => {};

/**
 * Today's date as YYYY-MM-DD: the visitor's where React renders in the browser (a client
 * navigation), the build's in prerendered HTML, which the page's script then sets to the
 * visitor's (visitor-dates.ts, `data-current-date`). No island holds a date, so none is hydrated
 * against a date the script changed.
 */
export function useTodayIso(): string {
  return useSyncExternalStore(noSubscription, currentDateIso, () => __BUILD_DATE__);
}

/**
 * The footer's year where React draws it: the build's in prerendered HTML (which the page's
 * script then sets, `data-current-year`), the visitor's where the router renders the page in the
 * browser (the footer is in no island, so it is never hydrated).
 */
export function useCurrentYear(): string {
  return useSyncExternalStore(noSubscription, currentYear, () => __BUILD_DATE__.slice(0, 4));
}
