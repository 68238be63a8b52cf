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
 * each step that reached the next one. A card per source, five figures across: it reads the same
 * on a phone and at the desk.
 */
export function VisitorsFunnel({ rows }: { rows: VisitorSourceRow[] }) {
  return (
    <ul aria-label="From visitor to paid job" className="mt-2 grid gap-2 lg:grid-cols-2">
      {rows.map((row) => (
        <li key={row.source} className={cn(cardClass, 'min-w-0 p-3')}>
          <h4 className="truncate font-sans text-base font-bold text-pine-900">{row.source}</h4>
          <dl className="mt-2 grid grid-cols-5 gap-x-1 text-center">
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
            <div className="min-w-0">
              <dt className="truncate text-[0.65rem] font-bold tracking-wide text-wood-700 uppercase">Collected</dt>
              <dd className="font-display text-lg font-bold text-pine-900 tabular-nums">{dollars(row.collected)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
