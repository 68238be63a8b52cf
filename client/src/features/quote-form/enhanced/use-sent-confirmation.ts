import { useState } from 'react';
import { clearSent, readSent, saveSent } from '../sending/saved-quote';

/**
 * The confirmation of the last request sent: it stays above the form (and on this device, so it
 * is there on the next visit too) until a new request is started.
 */
export function useSentConfirmation() {
  const [sent, setSent] = useState<{ projectType: string; city: string; visitUrl?: string; reveal?: boolean } | null>(
    () => readSent(),
  );
  return {
    sent,
    /** The request was stored: shown now, with its reveal. */
    show(request: { projectType: string; city: string; visitUrl?: string }) {
      saveSent(request);
      setSent({ projectType: request.projectType, city: request.city, visitUrl: request.visitUrl, reveal: true });
    },
    /** A new request begins: the confirmation of the last one goes. */
    startNewRequest() {
      clearSent();
      setSent(null);
    },
  };
}
