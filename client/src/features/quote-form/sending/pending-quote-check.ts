import { pageCameFrom } from '@/lib/came-from';
import { quoteStorageKeys } from './quote-storage-keys';

/**
 * On every page, once it has loaded and is idle: if a quote request is waiting on this device
 * (the connection dropped when it was sent), loads the code that sends it and sends it now, then
 * whenever the connection comes back. Otherwise this costs one localStorage read: the sending
 * code is not even downloaded. `showNotices` loads what shows the result (a toast) alongside.
 */
export function resendPendingQuote(showNotices: () => Promise<unknown>): void {
  try {
    if (!localStorage.getItem(quoteStorageKeys.pending)) return;
  } catch {
    return;
  }
  Promise.all([import('./send-pending-quote'), showNotices()]).then(
    ([sender]) => sender.resumePendingQuote(),
    () => {
      // Its code could not be fetched (still offline): the next page visit tries again.
    },
  );
}

/** Whether the form has something kept on this device to show (a draft, or the last request sent). */
export function hasKeptQuote(): boolean {
  try {
    return Boolean(localStorage.getItem(quoteStorageKeys.draft) || localStorage.getItem(quoteStorageKeys.sent));
  } catch {
    return false;
  }
}

/**
 * Whether the visitor came from a service or area page (Get Free Quote there is a plain link to
 * `/#contact`): the form wakes at once to show that page's choice.
 */
export function cameWithAChoice(): boolean {
  const from = pageCameFrom();
  return Boolean(from && /^\/(services|locations)\/[^/]+$/.test(from));
}
