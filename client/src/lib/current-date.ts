import { useSyncExternalStore } from 'react';

declare const __BUILD_DATE__: string;

const noSubscription = () => () => {};
const todayIso = () => new Date().toLocaleDateString('en-CA');

/**
 * Today's date as YYYY-MM-DD. Prerendered HTML carries the build date; right after hydration it
 * switches to the visitor's today, without a hydration mismatch.
 */
export function useTodayIso(): string {
  return useSyncExternalStore(noSubscription, todayIso, () => __BUILD_DATE__);
}

export function formatLongDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
