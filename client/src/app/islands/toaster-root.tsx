import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '@/components/ui/toaster';

let mounted = false;

/**
 * The notification region (toasts: 'Link copied!', the quote form's results), in a root of its
 * own at the end of the page: the islands that show toasts share it through lib/use-toast. On a
 * phone they show above the action bar, clear of the page's heading and the quote's confirmation.
 */
export function mountToaster(): void {
  if (mounted) return;
  mounted = true;
  const container = document.createElement('div');
  document.body.append(container);
  startTransition(() => createRoot(container).render(<Toaster placement="aboveActionBar" />));
}
