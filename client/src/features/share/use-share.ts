import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/use-toast';

/** How long the button reads 'Copied!' after a link copy: long enough to read, then it is a button again. */
const COPIED_DURATION_MS = 2000;

export interface ShareData {
  title: string;
  text?: string;
}

function isUserCancel(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * Shares the current page: the device's share sheet when there is one, otherwise the link is
 * copied to the clipboard, so sharing works on desktops too. A cancelled share sheet does nothing; any other
 * share failure is logged and falls back to copying.
 */
export function useShare({ title, text }: ShareData): { share: () => Promise<void>; copied: boolean } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copyLink = useCallback(async (url: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(url);
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Please copy the link manually from the address bar',
        variant: 'destructive',
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_DURATION_MS);
    toast({ title: 'Link copied!', description: 'Share link has been copied to your clipboard' });
  }, []);

  const share = useCallback(async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (isUserCancel(error)) return;
        console.error('Sharing failed; copying the link instead.', error);
      }
    }
    await copyLink(url);
  }, [title, text, copyLink]);

  return { share, copied };
}
