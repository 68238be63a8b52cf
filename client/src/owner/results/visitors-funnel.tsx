import type { VisitorSourceRow } from '@shared/schemas/visitors';
import { cn } from '@/lib/utils';
import { dollars } from '../app/formats';
import { cardClass } from '../app/styles';

/** `12%` of the step before; `–` when the step before had none. */
const rate = (count: number, of: number) => (of > 0 ? `${Math.round((count / of) * 100)}%` : '–');

const steps = [
  { key: 'visitors', label: 'Visitors' },
  { key: 'quotes', label: 'Quotes', of: 'visitors', rateLabel: 'of visitors asked for a quote' },
  { key: 'estimates', label: 'Estimates', of: 'quotes', rateLabel: 'of quotes got an estimate' },
  { key: 'won', label: 'Won', of: 'estimates', rateLabel: 'of estimates were won' },
] as const;

/**
 * Per source, visitors → quote requests → estimates sent → won → collected, with the share of
 * each step that reached the next one. A card per source: five figures across at the desk, the
 * four counts across and the money under them on a phone.
 */
export function VisitorsFunnel({ rows }: { rows: VisitorSourceRow[] }) {
  return (
    <ul aria-label="From visitor to paid job" className="mt-2 grid gap-2 lg:grid-cols-2">
      {rows.map((row) => (
        <li key={row.source} className={cn(cardClass, 'min-w-0 p-3')}>
          <h4 className="truncate font-sans text-base font-bold text-pine-900">{row.source}</h4>
          <dl className="mt-2 grid grid-cols-4 gap-x-1 text-center sm:grid-cols-5">
            {steps.map((step) => (
              <div key={step.key} className="min-w-0">
                <dt className="truncate text-[0.65rem] font-bold tracking-wide text-wood-700 uppercase">
                  {step.label}
                </dt>
                <dd className="font-display text-lg font-bold text-pine-900 tabular-nums">{row[step.key]}</dd>
                {'of' in step ? (
                  <dd className="text-xs text-ink-muted tabular-nums">
                    {rate(row[step.key], row[step.of])}
                    <span className="sr-only"> {step.rateLabel}</span>
                  </dd>
                ) : null}
              </div>
            ))}
            {/* On a phone, the money on a line of its own under the four counts. */}
            <div className="col-span-4 mt-2 flex items-baseline justify-between border-t border-cream-100 pt-2 sm:col-span-1 sm:mt-0 sm:block sm:border-0 sm:pt-0">
              <dt className="truncate text-[0.65rem] font-bold tracking-wide text-wood-700 uppercase">Collected</dt>
              <dd className="font-display text-lg font-bold text-pine-900 tabular-nums">{dollars(row.collected)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
