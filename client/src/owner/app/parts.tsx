import { useEffect, useState } from 'react';
import { arizonaLongDateTime, receivedAgo } from '@shared/arizona-time';
import { statusLabels, type InboxStatus } from '@shared/schemas/owner-inbox';
import { cn } from '@/lib/utils';

const statusStyles: Record<InboxStatus, string> = {
  new: 'bg-rim-600 text-white',
  contacted: 'bg-wood-100 text-wood-800',
  quoted: 'bg-pine-100 text-pine-800',
  won: 'bg-pine-700 text-white',
  done: 'bg-pine-900 text-white',
  lost: 'bg-cream-200 text-ink-soft',
  spam: 'bg-ink-soft text-white',
};

/**
 * The request's status as a badge. A New request already answered (a tap on Call, Text or Reply)
 * no longer reads NEW: it says Answered until its status moves on.
 */
export function StatusBadge({
  status,
  answered = false,
  className,
}: {
  status: InboxStatus;
  answered?: boolean;
  className?: string;
}) {
  const answeredNew = status === 'new' && answered;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase',
        answeredNew ? statusStyles.contacted : statusStyles[status],
        className,
      )}
    >
      {answeredNew ? 'Answered' : statusLabels[status]}
    </span>
  );
}

/** The current time, moving on every minute, so "12 min ago" stays true while the page is open. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "12 min ago" in Arizona time, with the full date and time for a hover and for machines. */
export function ReceivedTime({ iso, now, className }: { iso: string; now: Date; className?: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={`${arizonaLongDateTime(date)} (Arizona time)`} className={className}>
      {receivedAgo(date, now)}
    </time>
  );
}
