import type { ResultRow } from '@shared/schemas/owner-results';
import { cn } from '@/lib/utils';

/** Requests (won jobs darker) and, by source, calls and texts after them: for the eye only, the numbers say the same. */
export function Bar({ row, most, withTaps }: { row: ResultRow; most: number; withTaps: boolean }) {
  const width = (count: number) => `${(count / most) * 100}%`;
  return (
    <div aria-hidden="true" className="mt-1.5 flex h-2.5 w-full overflow-hidden rounded-full bg-cream-100">
      <div className="h-full bg-pine-700" style={{ width: width(row.won) }} />
      <div className="h-full bg-pine-300" style={{ width: width(row.requests - row.won) }} />
      {withTaps ? <div className="h-full bg-wood-300" style={{ width: width(row.calls + row.texts) }} /> : null}
    </div>
  );
}

export function Legend({ withTaps }: { withTaps: boolean }) {
  const keys = [
    ['bg-pine-700', 'won'],
    ['bg-pine-300', 'other requests'],
    ...(withTaps ? [['bg-wood-300', 'calls & texts']] : []),
  ];
  return (
    <p aria-hidden="true" className="flex gap-3 text-xs text-ink-muted">
      {keys.map(([color, label]) => (
        <span key={label} className="inline-flex items-center gap-1">
          <span className={cn('size-2.5 rounded-full', color)} />
          {label}
        </span>
      ))}
    </p>
  );
}
