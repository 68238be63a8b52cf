import { Trash2 } from 'lucide-react';
import { estimateLabels, estimateLimits, formatCents } from '@shared/schemas/estimates';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { LabelledInput } from '../app/labelled-input';
import { controlClass, labelClass } from '../app/styles';
import { GrowingTextarea } from './growing-textarea';

export interface Line {
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
  optional: boolean;
}

/**
 * One line of the estimate form: Description (wrapping and growing as he types, so he can read it
 * back on his phone), Quantity, Unit price, Optional, and the line's total.
 */
export function EstimateLineFields({
  line,
  index,
  fieldId,
  totalCents,
  onChange,
  onRemove,
}: {
  line: Line;
  index: number;
  fieldId: string;
  totalCents: number;
  onChange: (patch: Partial<Line>) => void;
  /** Unset: the only line, which stays. */
  onRemove?: () => void;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-3 rounded-lg border border-cream-200 p-3 sm:grid-cols-[1fr_6rem_8rem_auto]">
      <legend className="px-1 text-xs font-semibold tracking-wide text-wood-700 uppercase">Line {index + 1}</legend>
      <div className="col-span-2 sm:col-span-4">
        <label className={labelClass} htmlFor={`${fieldId}-description`}>
          {estimateLabels.description}
        </label>
        <GrowingTextarea
          id={`${fieldId}-description`}
          singleLine
          value={line.description}
          maxLength={estimateLimits.maxDescription}
          onChange={(event) => onChange({ description: event.target.value })}
          className={cn(controlClass, 'mt-1.5 block min-h-11 resize-none overflow-hidden px-3 py-2.5 leading-6')}
        />
      </div>
      <LabelledInput
        id={`${fieldId}-quantity`}
        label={estimateLabels.quantity}
        inputMode="decimal"
        value={line.quantity}
        onValue={(quantity) => onChange({ quantity })}
      />
      <LabelledInput
        id={`${fieldId}-price`}
        label={estimateLabels.unitPrice}
        inputMode="decimal"
        placeholder="0.00"
        value={line.unitPrice}
        onValue={(unitPrice) => onChange({ unitPrice })}
      />
      <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-4">
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-pine-900">
          <input
            type="checkbox"
            checked={line.optional}
            onChange={(event) => onChange({ optional: event.target.checked })}
            className="size-5 accent-pine-700"
          />
          {estimateLabels.optional}
        </label>
        <span className="ml-auto text-sm tabular-nums" aria-label={`Line ${index + 1} total`}>
          {formatCents(totalCents)}
        </span>
        {onRemove ? (
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove line ${index + 1}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
