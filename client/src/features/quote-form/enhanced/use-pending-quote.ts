import { useEffect, useEffectEvent } from 'react';
import type { QuotePayload } from '../sending/post-quote';
import { readPending } from '../sending/saved-quote';
import { onPendingQuote, resumePendingQuote, type PendingEvent } from '../sending/send-pending-quote';

/**
 * A request kept on this device (sent while the connection was down): sends it (the page's own
 * check does too; one attempt runs at a time), and reports the outcome while the form is on
 * screen: `sent` once the server stored it, `refused` with the server's answer.
 */
export function usePendingQuote(outcome: {
  sent: (payload: QuotePayload, visitUrl?: string) => void;
  refused: (error: unknown) => void;
}) {
  const report = useEffectEvent((event: PendingEvent) => {
    if (event.type === 'sent') outcome.sent(event.pending.payload, event.visitUrl);
    else outcome.refused(event.error);
  });
  useEffect(() => {
    const stop = onPendingQuote(report);
    if (readPending()) resumePendingQuote();
    return stop;
  }, []);
}
