import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { cardClass } from './styles';

/** A column of a per-source table: the row's field, its heading, the phone's short heading. */
export interface SourceColumn<Row> {
  key: keyof Row & string;
  label: string;
  short: string;
  format?: (value: Row[keyof Row]) => ReactNode;
  /** Stands out in its row (what the table is about). */
  emphasis?: boolean;
}

/**
 * A section of the Results page that breaks a figure down by where the requests came from: a
 * compact table that fits a phone (short headings there, the full ones to screen readers), or a
 * line saying how to get figures when there are none. `totals`, when given, is the last row, "All sources".
 */
export function SourceTable<Row extends { key: string }>({
  title,
  empty,
  rows,
  columns,
  totals,
}: {
  title: string;
  empty: string;
  rows: Row[];
  columns: readonly SourceColumn<Row>[];
  totals?: Row;
}) {
  const id = useId();
  const all = totals ? [...rows, totals] : rows;
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={cn(cardClass, 'mt-2 p-4 text-ink-muted')}>{empty}</p>
      ) : (
        <div className={cn(cardClass, 'mt-2 overflow-x-auto')}>
          <FiguresTable
            sourceClassName="px-3 py-2.5 text-left sm:px-4"
            headings={columns.map(({ key, label, short }) => (
              <th key={key} scope="col" className="px-2 py-2.5 text-right">
                <span className="sm:hidden" aria-hidden="true">
                  {short}
                </span>
                <span className="sr-only sm:not-sr-only">{label}</span>
              </th>
            ))}
          >
            <tbody>
              {all.map((row, index) => {
                const isTotal = totals !== undefined && index === rows.length;
                return (
                  <tr
                    key={isTotal ? '(all)' : row.key}
                    className={cn('border-b border-cream-100 last:border-0', isTotal && 'bg-cream-50 font-semibold')}
                  >
                    <th scope="row" className="px-3 py-2.5 text-left font-semibold text-pine-900 sm:px-4">
                      {isTotal ? 'All sources' : row.key}
                    </th>
                    {columns.map(({ key, format, emphasis }) => (
                      <td key={key} className={cn('px-2 py-2.5 text-right', emphasis && 'font-semibold text-pine-800')}>
                        {format ? format(row[key]) : String(row[key])}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </FiguresTable>
        </div>
      )}
    </section>
  );
}

/** A table of figures per source: its head, the source's column first, then the figures' headings. */
export function FiguresTable({
  sourceClassName,
  headings,
  children,
}: {
  sourceClassName: string;
  headings: ReactNode;
  children: ReactNode;
}) {
  return (
    <table className="w-full text-sm tabular-nums">
      <thead className="border-b border-cream-200 text-xs font-bold tracking-wide text-wood-700 uppercase">
        <tr>
          <th scope="col" className={sourceClassName}>
            Source
          </th>
          {headings}
        </tr>
      </thead>
      {children}
    </table>
  );
}
