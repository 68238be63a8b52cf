import { useId } from 'react';
import type { SourceResultRow } from '@shared/schemas/owner-results';
import { cn } from '@/lib/utils';
import { cardClass } from '../styles';

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)} %`);
const days = (value: number | null) => (value === null ? '–' : value < 1 ? '< 1' : String(value));

const columns = [
  ['estimatesSent', 'Estimates sent', 'Sent', String],
  ['estimatesApproved', 'Approved', 'Appr.', String],
  ['approvalRate', 'Approval rate', 'Rate', percent],
  ['medianDaysToApproval', 'Days to approve', 'Days', days],
] as const;

/** Per source, the written estimates of its requests: how many were sent, approved, and how fast. */
export function EstimateResultsSection({ rows, totals }: { rows: SourceResultRow[]; totals: SourceResultRow }) {
  const id = useId();
  const withEstimates = rows.filter((row) => row.estimatesSent > 0);
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-xl font-bold">
        Estimates by source
      </h2>
      {withEstimates.length === 0 ? (
        <p className={cn(cardClass, 'mt-2 p-4 text-ink-muted')}>
          No written estimates sent for this period’s requests yet: send one from a request’s page.
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
              {[...withEstimates, totals].map((row, index) => (
                <tr
                  key={index === withEstimates.length ? '(all)' : row.key}
                  className={cn(
                    'border-b border-cream-100 last:border-0',
                    index === withEstimates.length && 'bg-cream-50 font-semibold',
                  )}
                >
                  <th scope="row" className="px-3 py-2.5 text-left font-semibold text-pine-900 sm:px-4">
                    {index === withEstimates.length ? 'All sources' : row.key}
                  </th>
                  {columns.map(([key, , , format]) => (
                    <td key={key} className="px-2 py-2.5 text-right">
                      {format(row[key])}
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
