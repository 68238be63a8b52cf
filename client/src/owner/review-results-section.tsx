import { useId } from 'react';
import type { ReviewSourceRow } from '@shared/schemas/reviews';
import { cn } from '@/lib/utils';
import { cardClass } from './styles';

const columns = [
  ['reviewRequestsSent', 'Review requests sent', 'Asked'],
  ['googleClicks', 'Google clicks', 'Google'],
  ['reviewsReceived', 'Reviews received', 'Reviews'],
] as const;

/**
 * Per source, what the review requests of its customers brought: which marketing brings customers
 * happy enough to say so. A compact table that fits a phone.
 */
export function ReviewResultsSection({ rows }: { rows: ReviewSourceRow[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-xl font-bold">
        Reviews by source
      </h2>
      {rows.length === 0 ? (
        <p className={cn(cardClass, 'mt-2 p-4 text-ink-muted')}>
          No review requests for this period’s requests yet: they go out when a job is set to Job done.
        </p>
      ) : (
        <div className={cn(cardClass, 'mt-2 overflow-x-auto')}>
          <table className="w-full text-sm tabular-nums">
            <thead className="border-b border-cream-200 text-xs font-bold tracking-wide text-wood-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2.5 text-left sm:px-4">
                  Source
                </th>
                {columns.map(([key, label, short]) => (
                  <th key={key} scope="col" className="px-2 py-2.5 text-right">
                    <span className="sm:hidden" aria-hidden="true">
                      {short}
                    </span>
                    <span className="sr-only sm:not-sr-only">{label}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-cream-100 last:border-0">
                  <th scope="row" className="px-3 py-2.5 text-left font-semibold text-pine-900 sm:px-4">
                    {row.key}
                  </th>
                  {columns.map(([key]) => (
                    <td
                      key={key}
                      className={cn(
                        'px-2 py-2.5 text-right',
                        key === 'reviewsReceived' && 'font-semibold text-pine-800',
                      )}
                    >
                      {row[key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
