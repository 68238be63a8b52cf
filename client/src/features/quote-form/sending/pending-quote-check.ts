import { useEffect } from 'react';
import { afterPageLoad } from '@/lib/after-page-load';
import { quoteStorageKeys } from './quote-storage-keys';

/**
 * On every page: if a quote request is waiting on this device (the connection dropped when it was
 * sent), load the code that sends it and send it now, then whenever the connection comes back.
 * Otherwise this costs one localStorage read: the sending code is not even downloaded.
 */
function resendPendingQuote(): void {
  try {
    if (!localStorage.getItem(quoteStorageKeys.pending)) return;
  } catch {
    return;
  }
  import('./send-pending-quote').then(
    (sender) => sender.resumePendingQuote(),
    () => {
      // Its code could not be fetched (still offline): the next page visit tries again.
    },
  );
}

/**
 * Placed once in the app shell: checks for a waiting request once the page has loaded and is idle
 * (the first read of localStorage can take a few milliseconds; the page's start-up goes first).
 */
export function PendingQuoteResend(): null {
  useEffect(() => void afterPageLoad().then(resendPendingQuote), []);
  return null;
}
