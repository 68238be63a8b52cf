import { Plus, Trash2 } from 'lucide-react';
import { formatCents } from '@shared/schemas/estimates';
import {
  scheduleAmounts,
  scheduleDueLabels,
  scheduleDues,
  scheduleLimits,
  toStoredSchedule,
  type ScheduleDue,
  type SchedulePart,
} from '@shared/schemas/payment-schedule';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { LabelledInput } from '../app/labelled-input';
import { controlClass, labelClass } from '../app/styles';

/** A part of the schedule as he types it. */
export interface ScheduleRow {
  key: number;
  label: string;
  share: 'percent' | 'amount';
  value: string;
  due: ScheduleDue;
}

let nextKey = 1;
const numberOf = (text: string) => {
  const value = Number(text.replace(/[$,%\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(value) ? value : NaN;
};

export const scheduleRowsOf = (parts: readonly SchedulePart[]): ScheduleRow[] =>
  parts.map((part) => ({
    key: nextKey++,
    label: part.label,
    share: part.amount !== undefined ? 'amount' : 'percent',
    value: String(part.amount ?? part.percent ?? ''),
    due: part.due,
  }));

/** The parts as the API takes them (checked by the same schema on both sides). */
export const schedulePartsOf = (rows: readonly ScheduleRow[]) =>
  rows.map((row) => ({
    label: row.label,
    due: row.due,
    ...(row.share === 'amount' ? { amount: numberOf(row.value) } : { percent: numberOf(row.value) }),
  }));

/** Each part's dollars on `totalCents`, as the server computes them (what he typed wrong counts as 0). */
function liveAmounts(rows: readonly ScheduleRow[], totalCents: number): number[] {
  const parts = schedulePartsOf(rows).map((part) => ({
    ...part,
    ...('amount' in part ? { amount: Number.isNaN(part.amount) ? 0 : part.amount } : {}),
    ...('percent' in part ? { percent: Number.isNaN(part.percent) ? 0 : part.percent } : {}),
  })) as SchedulePart[];
  return scheduleAmounts(toStoredSchedule(parts), totalCents);
}

/**
 * The payment schedule's parts: each a name, a percent or an amount, and when it is due (on
 * approval, at a milestone he names, on completion), with its dollars on `totalCents` as he types.
 * The last part takes what is left, so the parts always add up to the total.
 */
export function ScheduleFields({
  idPrefix,
  rows,
  onRows,
  totalCents,
  totalLabel,
}: {
  idPrefix: string;
  rows: ScheduleRow[];
  onRows: (rows: ScheduleRow[]) => void;
  /** The total the dollars are shown on; none: no dollars (the default schedule has no total). */
  totalCents?: number;
  /** What that total is, in words ("on the total without options"). */
  totalLabel?: string;
}) {
  const amounts = totalCents === undefined ? [] : liveAmounts(rows, totalCents);
  const change = (key: number, patch: Partial<ScheduleRow>) =>
    onRows(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () => {
    const used = schedulePartsOf(rows).reduce(
      (sum, part) => sum + ('percent' in part && !Number.isNaN(part.percent) ? part.percent! : 0),
      0,
    );
    const first = rows.length === 0;
    onRows([
      ...rows,
      {
        key: nextKey++,
        label: first ? 'Deposit' : '',
        share: 'percent',
        // What is left of 100 %, or nothing to fill in when the parts before took it all.
        value: first ? '30' : used < 100 ? String(Math.round((100 - used) * 1000) / 1000) : '',
        due: first ? 'approval' : 'completion',
      },
    ]);
  };

  // Laid out by its own width (a narrow column of the request's page, or a wide settings card).
  return (
    <div className="@container grid gap-3">
      {rows.length === 0 ? (
        <p className="text-sm text-ink-muted">No schedule: the homeowner pays as you agree with her.</p>
      ) : (
        <ol className="grid gap-3">
          {rows.map((row, index) => {
            const id = `${idPrefix}-part-${row.key}`;
            const last = index === rows.length - 1 && rows.length > 1;
            return (
              <li key={row.key}>
                <fieldset className="grid grid-cols-[1fr_5.5rem] gap-3 rounded-lg border border-cream-200 p-3 @lg:grid-cols-[minmax(0,1fr)_5.5rem_minmax(0,1.3fr)]">
                  <legend className="px-1 text-xs font-semibold tracking-wide text-wood-700 uppercase">
                    Part {index + 1}
                  </legend>
                  <LabelledInput
                    id={`${id}-label`}
                    label="Name"
                    className="col-span-2 @lg:col-span-3"
                    placeholder={index === 0 ? 'Deposit' : 'When the framing is done'}
                    maxLength={scheduleLimits.maxLabel}
                    value={row.label}
                    onValue={(label) => change(row.key, { label })}
                  />
                  <LabelledInput
                    id={`${id}-value`}
                    label={row.share === 'percent' ? 'Percent' : 'Amount ($)'}
                    inputMode="decimal"
                    value={row.value}
                    onValue={(value) => change(row.key, { value })}
                  />
                  <div>
                    <label className={labelClass} htmlFor={`${id}-share`}>
                      In
                    </label>
                    <select
                      id={`${id}-share`}
                      value={row.share}
                      onChange={(event) => change(row.key, { share: event.target.value as ScheduleRow['share'] })}
                      className={cn(controlClass, 'mt-1.5 h-11 px-2')}
                    >
                      <option value="percent">%</option>
                      <option value="amount">$</option>
                    </select>
                  </div>
                  <div className="col-span-2 @lg:col-span-1">
                    <label className={labelClass} htmlFor={`${id}-due`}>
                      Due
                    </label>
                    <select
                      id={`${id}-due`}
                      value={row.due}
                      onChange={(event) => change(row.key, { due: event.target.value as ScheduleDue })}
                      className={cn(controlClass, 'mt-1.5 h-11 px-3')}
                    >
                      {scheduleDues.map((due) => (
                        <option key={due} value={due}>
                          {scheduleDueLabels[due]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="col-span-2 flex items-center justify-between gap-3 @lg:col-span-3">
                    <span className="text-xs text-ink-muted">{last ? 'The last part takes what is left.' : ''}</span>
                    {totalCents !== undefined ? (
                      <span
                        className="ml-auto text-sm font-semibold tabular-nums"
                        aria-label={`Part ${index + 1} comes to`}
                        data-testid="schedule-part-amount"
                      >
                        {formatCents(amounts[index] ?? 0)}
                      </span>
                    ) : null}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove part ${index + 1}`}
                      onClick={() => onRows(rows.filter((other) => other.key !== row.key))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={rows.length >= scheduleLimits.maxParts}
          onClick={add}
        >
          <Plus aria-hidden="true" />
          Add a part
        </Button>
        {totalLabel && rows.length > 0 ? <span className="text-xs text-ink-muted">{totalLabel}</span> : null}
      </div>
    </div>
  );
}
