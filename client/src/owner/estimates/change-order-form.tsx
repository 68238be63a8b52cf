import { Minus, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { changeOrderInputSchema, changeOrderLabels, changeOrderLimits } from '@shared/schemas/change-orders';
import {
  estimateLabels,
  estimateLimits,
  estimateTotals,
  formatCents,
  lineTotalCents,
  toCents,
  toMilli,
  type OwnerEstimate,
} from '@shared/schemas/estimates';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { LabelledInput } from '../app/labelled-input';
import { controlClass, labelClass } from '../app/styles';
import { useEstimateActions } from './estimates-api';
import { GrowingTextarea } from './growing-textarea';
import { SendConfirm } from './send-confirm';

interface ChangeLine {
  key: number;
  description: string;
  quantity: string;
  /** What he types, always as a price; a credit's is taken out of the job. */
  price: string;
  credit: boolean;
}

let nextKey = 1;
const blank = (credit: boolean): ChangeLine => ({ key: nextKey++, description: '', quantity: '1', price: '', credit });
const numberOf = (text: string) => {
  const value = Number(text.replace(/[$,\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(value) ? value : NaN;
};
const signed = (line: ChangeLine) => {
  const price = Math.abs(numberOf(line.price));
  return line.credit ? -price : price;
};

/**
 * A change order on the request's approved estimate: lines added and lines taken out as credits,
 * the reason and the days it adds, with its total and the job's new total as he types. Saved as
 * a draft or sent at once (asked once, like an estimate); she approves or declines it on her page.
 */
export function ChangeOrderForm({
  detail,
  approved,
  draft,
  onDone,
  onCancel,
}: {
  detail: RequestDetail;
  /** The approved estimate it changes. */
  approved: OwnerEstimate;
  draft: OwnerEstimate | null;
  onDone: (sent: OwnerEstimate | null) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const sessionEnded = useSessionEnded();
  const { saveChange, send } = useEstimateActions(detail.id);
  const [changeId, setChangeId] = useState<string | null>(draft?.id ?? null);
  const [lines, setLines] = useState<ChangeLine[]>(() =>
    draft
      ? draft.items.map((item) => ({
          key: nextKey++,
          description: item.description,
          quantity: String(item.quantity),
          price: String(Math.abs(item.unitPrice)),
          credit: item.unitPrice < 0,
        }))
      : [blank(false)],
  );
  const [reason, setReason] = useState(draft?.reason ?? '');
  const [days, setDays] = useState(String(draft?.daysAdded ?? 0));
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<OwnerEstimate | null>(null);
  const busy = saveChange.isPending || send.isPending;

  const cents = lines.map((line) => ({
    quantityMilli: Number.isNaN(numberOf(line.quantity)) ? 0 : toMilli(numberOf(line.quantity)),
    unitPriceCents: Number.isNaN(signed(line)) ? 0 : toCents(signed(line)),
    optional: false,
  }));
  const total = estimateTotals(cents, toMilli(approved.taxRate)).totalCents;
  const jobBefore = toCents(approved.jobTotal ?? approved.approvedTotal ?? approved.total);
  const change = (key: number, patch: Partial<ChangeLine>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  const saved = async (): Promise<OwnerEstimate | null> => {
    const parsed = changeOrderInputSchema.safeParse({
      changeOf: approved.id,
      reason,
      daysAdded: numberOf(days || '0'),
      items: lines.map((line) => ({
        description: line.description,
        quantity: numberOf(line.quantity),
        unitPrice: signed(line),
      })),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the change order.');
      return null;
    }
    setProblem(null);
    try {
      const result = await saveChange.mutateAsync({ id: changeId, input: parsed.data });
      setChangeId(result.id);
      return result;
    } catch (error) {
      sessionEnded(error);
      setProblem(errorMessage(error));
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await saved();
    if (result) setConfirming(result);
  };

  const sendNow = async () => {
    if (!confirming) return;
    try {
      const sent = await send.mutateAsync(confirming.id);
      setConfirming(null);
      onDone(sent);
    } catch (error) {
      setConfirming(null);
      sessionEnded(error);
      setProblem(errorMessage(error));
    }
  };

  return (
    <>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="@container mt-4 grid gap-5">
        <div>
          <h3 id={`${id}-title`} className="text-base font-bold text-pine-900">
            {draft ? `${draft.title} (draft)` : `Change order to ${approved.title}`}
          </h3>
          <p className="mt-1 text-sm text-ink-muted">
            {approved.title} stays as she approved it. Add the work that changes; take work out as a credit.
          </p>
        </div>
        <ol className="grid gap-4">
          {lines.map((line, index) => (
            <li key={line.key}>
              <fieldset
                className={cn(
                  'grid grid-cols-2 gap-3 rounded-lg border p-3 @lg:grid-cols-[1fr_6rem_8rem]',
                  line.credit ? 'border-dashed border-wood-400 bg-cream-50' : 'border-cream-200',
                )}
              >
                <legend className="px-1 text-xs font-semibold tracking-wide text-wood-700 uppercase">
                  {line.credit ? `Line ${index + 1}: credit` : `Line ${index + 1}`}
                </legend>
                <div className="col-span-2 @lg:col-span-3">
                  <label className={labelClass} htmlFor={`${id}-${line.key}-description`}>
                    {estimateLabels.description}
                  </label>
                  <GrowingTextarea
                    id={`${id}-${line.key}-description`}
                    singleLine
                    value={line.description}
                    maxLength={estimateLimits.maxDescription}
                    onChange={(event) => change(line.key, { description: event.target.value })}
                    className={cn(
                      controlClass,
                      'mt-1.5 block min-h-11 resize-none overflow-hidden px-3 py-2.5 leading-6',
                    )}
                  />
                </div>
                <LabelledInput
                  id={`${id}-${line.key}-quantity`}
                  label={estimateLabels.quantity}
                  inputMode="decimal"
                  value={line.quantity}
                  onValue={(quantity) => change(line.key, { quantity })}
                />
                <LabelledInput
                  id={`${id}-${line.key}-price`}
                  label={line.credit ? 'Credit per unit' : estimateLabels.unitPrice}
                  inputMode="decimal"
                  placeholder="0.00"
                  value={line.price}
                  onValue={(price) => change(line.key, { price })}
                />
                <div className="col-span-2 flex items-center justify-end gap-3 @lg:col-span-1 @lg:self-end">
                  <span className="text-sm font-semibold tabular-nums" aria-label={`Line ${index + 1} total`}>
                    {formatCents(lineTotalCents(cents[index]!))}
                  </span>
                  {lines.length > 1 ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove line ${index + 1}`}
                      onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setLines((current) => [...current, blank(false)])}
          >
            <Plus aria-hidden="true" />
            {estimateLabels.addLine}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setLines((current) => [...current, blank(true)])}
          >
            <Minus aria-hidden="true" />
            {changeOrderLabels.addCredit}
          </Button>
        </div>

        <div className="grid gap-4 @lg:grid-cols-[1fr_12rem]">
          <div>
            <label className={labelClass} htmlFor={`${id}-reason`}>
              {changeOrderLabels.reason}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              value={reason}
              maxLength={changeOrderLimits.maxReason}
              placeholder="She asked for a wider landing at the stairs"
              onChange={(event) => setReason(event.target.value)}
              className={cn(controlClass, 'mt-1.5 resize-y px-3 py-2.5 leading-6')}
            />
          </div>
          <LabelledInput
            id={`${id}-days`}
            label={changeOrderLabels.daysAdded}
            inputMode="numeric"
            value={days}
            onValue={setDays}
          />
        </div>

        <dl className="grid gap-1 rounded-lg bg-cream-50 p-4 text-sm tabular-nums" aria-live="polite">
          <div className="flex justify-between">
            <dt>This change order{approved.taxRate ? ` (tax ${approved.taxRate} %)` : ''}</dt>
            <dd data-testid="change-order-total">{formatCents(total)}</dd>
          </div>
          <div className="flex justify-between text-ink-muted">
            <dt>The job before it</dt>
            <dd>{formatCents(jobBefore)}</dd>
          </div>
          <div className="flex justify-between border-t border-cream-200 pt-1 text-base font-bold text-pine-900">
            <dt>New job total</dt>
            <dd>{formatCents(jobBefore + total)}</dd>
          </div>
        </dl>

        {problem ? (
          <p role="alert" className="text-sm font-semibold text-rim-700">
            {problem}
          </p>
        ) : null}
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          <Button type="submit" disabled={busy}>
            {changeOrderLabels.send}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => void saved().then((result) => result && onDone(null))}
          >
            {estimateLabels.saveDraft}
          </Button>
          <Button type="button" variant="ghost" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
      <SendConfirm
        open={confirming !== null}
        what="change order"
        name={detail.name}
        email={detail.email}
        total={formatCents(total)}
        withOptions={null}
        sending={send.isPending}
        onSend={() => void sendNow()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
