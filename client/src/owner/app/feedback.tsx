import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage } from './owner-api';
import { cardClass } from './styles';

/** A toast for a change the server refused: `title` says what did not happen, the server's message why. */
export const toastFailure = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error), variant: 'destructive' });

/** What is wrong with what he typed or asked for, read out as it appears; with a warning sign before it, `marked`. */
export function Problem({
  id,
  className,
  marked = false,
  children,
}: {
  id?: string;
  className?: string;
  marked?: boolean;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role="alert"
      className={cn(className, marked && 'flex items-start gap-1.5', 'text-sm font-medium text-rim-700')}
    >
      {marked ? <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : null}
      {children}
    </p>
  );
}

/** A page's list or figures that could not be loaded, with Try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className={cn(cardClass, 'mt-3 p-5')}>
      <p className="font-semibold text-rim-700">{errorMessage(error)}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
