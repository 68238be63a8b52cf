import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { arizonaDay } from '@shared/arizona-time';
import {
  estimateInputSchema,
  estimateLabels,
  estimateLimits,
  estimateTotals,
  formatCents,
  lineTotalCents,
  toCents,
  toMilli,
  type EstimateInput,
  type OwnerEstimate,
} from '@shared/schemas/estimates';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import type { SchedulePart } from '@shared/schemas/payment-schedule';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { errorMessage, photoHref, useSessionEnded } from '../app/owner-api';
import { LabelledInput } from '../app/labelled-input';
import { controlClass, labelClass } from '../app/styles';
import { EstimateLineFields, type Line } from './estimate-line-fields';
import { EstimatePreview } from './estimate-preview';
import { usePastEstimates, useEstimateActions } from './estimates-api';
import { ScheduleFields, schedulePartsOf, scheduleRowsOf, type ScheduleRow } from './schedule-fields';
import { SendConfirm } from './send-confirm';

let nextKey = 1;
const blankLine = (): Line => ({ key: nextKey++, description: '', quantity: '1', unitPrice: '', optional: false });
const linesOf = (items: EstimateInput['items']): Line[] =>
  items.map((item) => ({
    key: nextKey++,
    description: item.description,
    quantity: String(item.quantity),
    unitPrice: String(item.unitPrice),
    optional: item.optional ?? false,
  }));
const number = (text: string) => {
  const value = Number(text.replace(/[$,\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(value) ? value : NaN;
};
const daysFromToday = (days: number) => arizonaDay(new Date(Date.now() + days * 24 * 3600_000));

export interface EstimateFormProps {
  detail: RequestDetail;
  /** The draft being changed; none: a new estimate. */
  draft: OwnerEstimate | null;
  defaultTaxRate: number;
  defaultAddress: string;
  /** His default payment schedule: what a new estimate starts with. */
  defaultSchedule: readonly SchedulePart[];
  onDone: (sent: OwnerEstimate | null) => void;
}

/**
 * The estimate form on a request's page: lines (Description, Quantity, Unit price, Optional),
 * Address, Tax rate, Notes for the homeowner and Valid until, with the totals as he types (the
 * server computes them again, the same way, from the lines). Save draft; Preview shows the
 * homeowner's page in place of the form, with a way back; Send estimate asks once, naming her
 * e-mail and the total.
 */
export function EstimateForm({
  detail,
  draft,
  defaultTaxRate,
  defaultAddress,
  defaultSchedule,
  onDone,
}: EstimateFormProps) {
  const id = useId();
  const sessionEnded = useSessionEnded();
  const { save, send } = useEstimateActions(detail.id);
  const [estimateId, setEstimateId] = useState<string | null>(draft?.id ?? null);
  const [lines, setLines] = useState<Line[]>(() => (draft ? linesOf(draft.items) : [blankLine()]));
  const [address, setAddress] = useState(draft?.address ?? defaultAddress);
  const [taxRate, setTaxRate] = useState(String(draft?.taxRate ?? defaultTaxRate));
  const [notes, setNotes] = useState(draft?.notes ?? '');
  const [validUntil, setValidUntil] = useState(draft?.validUntil ?? daysFromToday(30));
  const [schedule, setSchedule] = useState<ScheduleRow[]>(() =>
    scheduleRowsOf(draft ? draft.schedule : defaultSchedule),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [pickPast, setPickPast] = useState(false);
  /** The saved draft on its way: Send asks first. */
  const [confirming, setConfirming] = useState<OwnerEstimate | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const past = usePastEstimates(pickPast);
  const busy = save.isPending || send.isPending;

  const items = lines.map((line) => ({
    quantityMilli: Number.isNaN(number(line.quantity)) ? 0 : toMilli(number(line.quantity)),
    unitPriceCents: Number.isNaN(number(line.unitPrice)) ? 0 : toCents(number(line.unitPrice)),
    optional: line.optional,
  }));
  const rateMilli = Number.isNaN(number(taxRate)) ? 0 : toMilli(number(taxRate));
  const totals = estimateTotals(items, rateMilli);
  const withOptions = estimateTotals(
    items,
    rateMilli,
    items.map((_, index) => index),
  );

  const change = (key: number, patch: Partial<Line>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  const input = (): EstimateInput | null => {
    const parsed = estimateInputSchema.safeParse({
      items: lines.map((line) => ({
        description: line.description,
        quantity: number(line.quantity),
        unitPrice: number(line.unitPrice),
        optional: line.optional,
      })),
      taxRate: number(taxRate),
      notes,
      address,
      validUntil,
      schedule: schedulePartsOf(schedule),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the estimate.');
      return null;
    }
    setProblem(null);
    return parsed.data;
  };

  const saved = async (): Promise<OwnerEstimate | null> => {
    const body = input();
    if (!body) return null;
    try {
      const result = await save.mutateAsync({ id: estimateId, input: body });
      setEstimateId(result.id);
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
      const sentEstimate = await send.mutateAsync(confirming.id);
      setConfirming(null);
      onDone(sentEstimate);
    } catch (error) {
      setConfirming(null);
      sessionEnded(error);
      setProblem(errorMessage(error));
    }
  };

  const preview = async () => {
    const result = await saved();
    if (result) setPreviewing(result.id);
  };

  return (
    <>
      {previewing ? <EstimatePreview estimateId={previewing} onBack={() => setPreviewing(null)} /> : null}
      <form
        noValidate
        hidden={previewing !== null}
        onSubmit={submit}
        aria-labelledby={`${id}-title`}
        className="mt-4 grid gap-5"
      >
        <h3 id={`${id}-title`} className="text-base font-bold text-pine-900">
          {draft ? `Estimate ${draft.version} (draft)` : estimateLabels.newEstimate}
        </h3>
        <div className="flex items-start gap-3 rounded-lg bg-cream-50 p-3 text-sm">
          {detail.photoUrl ? (
            <img src={photoHref(detail.id)} alt="" className="size-16 shrink-0 rounded-md object-cover" />
          ) : null}
          <p>
            <span className="font-semibold text-pine-900">{detail.projectType}</span> in {detail.city}
            {detail.message ? <span className="mt-1 line-clamp-3 block text-ink-muted">{detail.message}</span> : null}
          </p>
        </div>

        <div className="grid gap-2">
          <label className={labelClass} htmlFor={`${id}-past`}>
            {estimateLabels.startFrom}
          </label>
          {pickPast ? (
            <select
              id={`${id}-past`}
              className={cn(controlClass, 'h-11 px-3')}
              defaultValue=""
              onChange={(event) => {
                const chosen = past.data?.estimates.find((estimate) => estimate.id === event.target.value);
                if (chosen) setLines(linesOf(chosen.items));
              }}
            >
              <option value="" disabled>
                {past.isPending
                  ? 'Loading…'
                  : past.data?.estimates.length
                    ? 'Choose one to copy its lines'
                    : 'No sent estimates yet'}
              </option>
              {past.data?.estimates.map((estimate) => (
                <option key={estimate.id} value={estimate.id}>
                  {estimate.label}
                </option>
              ))}
            </select>
          ) : (
            <Button
              id={`${id}-past`}
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => setPickPast(true)}
            >
              Choose a past estimate
            </Button>
          )}
        </div>

        <ol className="grid gap-4">
          {lines.map((line, index) => {
            const lineId = `${id}-line-${line.key}`;
            return (
              <li key={line.key}>
                <EstimateLineFields
                  line={line}
                  index={index}
                  fieldId={lineId}
                  totalCents={lineTotalCents(items[index]!)}
                  onChange={(patch) => change(line.key, patch)}
                  onRemove={
                    lines.length > 1
                      ? () => setLines((current) => current.filter((other) => other.key !== line.key))
                      : undefined
                  }
                />
              </li>
            );
          })}
        </ol>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => setLines((current) => [...current, blankLine()])}
        >
          <Plus aria-hidden="true" />
          {estimateLabels.addLine}
        </Button>

        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledInput
            id={`${id}-address`}
            label={estimateLabels.address}
            className="sm:col-span-2"
            value={address}
            autoComplete="off"
            maxLength={estimateLimits.maxAddress}
            onValue={setAddress}
          />
          <LabelledInput
            id={`${id}-tax`}
            label={`${estimateLabels.taxRate} (%)`}
            inputMode="decimal"
            value={taxRate}
            onValue={setTaxRate}
          />
          <LabelledInput
            id={`${id}-valid`}
            label={estimateLabels.validUntil}
            type="date"
            value={validUntil}
            onValue={setValidUntil}
          />
          <div className="sm:col-span-2">
            <label className={labelClass} htmlFor={`${id}-notes`}>
              {estimateLabels.notes}
            </label>
            <textarea
              id={`${id}-notes`}
              rows={4}
              value={notes}
              maxLength={estimateLimits.maxNotes}
              placeholder="Scope, exclusions, payment terms"
              onChange={(event) => setNotes(event.target.value)}
              className={cn(controlClass, 'mt-1.5 resize-y px-3 py-2.5 leading-6')}
            />
          </div>
        </div>

        <dl className="grid gap-1 rounded-lg bg-cream-50 p-4 text-sm tabular-nums" aria-live="polite">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatCents(totals.subtotalCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Tax</dt>
            <dd>{formatCents(totals.taxCents)}</dd>
          </div>
          <div className="flex justify-between border-t border-cream-200 pt-1 text-base font-bold text-pine-900">
            <dt>Total</dt>
            <dd data-testid="estimate-total">{formatCents(totals.totalCents)}</dd>
          </div>
          {withOptions.totalCents !== totals.totalCents ? (
            <div className="flex justify-between text-ink-muted">
              <dt>With every option</dt>
              <dd>{formatCents(withOptions.totalCents)}</dd>
            </div>
          ) : null}
        </dl>

        <section aria-labelledby={`${id}-schedule`} className="grid gap-2">
          <h4 id={`${id}-schedule`} className="text-base font-bold text-pine-900">
            Payment schedule
          </h4>
          <ScheduleFields
            idPrefix={`${id}-schedule`}
            rows={schedule}
            onRows={setSchedule}
            totalCents={totals.totalCents}
            totalLabel={
              withOptions.totalCents !== totals.totalCents
                ? 'Amounts on the total without options: her page follows the options she ticks.'
                : undefined
            }
          />
        </section>

        {problem ? (
          <p role="alert" className="text-sm font-semibold text-rim-700">
            {problem}
          </p>
        ) : null}
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          <Button type="submit" disabled={busy}>
            {estimateLabels.send}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => void saved().then((result) => result && onDone(null))}
          >
            {estimateLabels.saveDraft}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => void preview()}>
            {estimateLabels.preview}
          </Button>
        </div>
      </form>
      <SendConfirm
        open={confirming !== null}
        name={detail.name}
        email={detail.email}
        total={formatCents(totals.totalCents)}
        withOptions={withOptions.totalCents !== totals.totalCents ? formatCents(withOptions.totalCents) : null}
        sending={send.isPending}
        onSend={() => void sendNow()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
