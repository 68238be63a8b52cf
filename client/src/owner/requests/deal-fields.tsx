import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { isWon, type InboxStatus, type RequestDetail } from '@shared/schemas/owner-inbox';
import { amountNames, lostReasonLabels, lostReasons, parseDollars, type LostReason } from '@shared/schemas/owner-money';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { DollarEntry } from '../app/dollar-input';
import { useChangeRequest } from './requests-api';
import { controlClass, labelClass } from '../app/styles';

type AmountName = 'estimateAmount' | 'jobValue';

/** The field each status asks for once the owner picks it. */
const askedFor = (status: InboxStatus): 'estimate' | 'job-value' | 'lost-reason' | null =>
  status === 'quoted' ? 'estimate' : isWon(status) ? 'job-value' : status === 'lost' ? 'lost-reason' : null;

/**
 * Under the status: the estimate amount once quoted, the job value once won (the estimate, which
 * the server stores as the job value with the Won status), the lost reason once lost; and any of
 * them already entered. Each is saved on its own; a job value typed here and not saved yet goes
 * with the next won status (`jobValueDraft`), and reads as not saved until then.
 */
export function DealFields({
  detail,
  jobValueDraft,
}: {
  detail: RequestDetail;
  /** What the job value box holds now (null: no box), for the status to send with a won status. */
  jobValueDraft?: RefObject<string | null>;
}) {
  const { status } = detail;
  const won = isWon(status);
  const box = useRef<HTMLDivElement>(null);
  const estimateRef = useRef<HTMLInputElement>(null);
  const jobValueRef = useRef<HTMLInputElement>(null);
  const lostReasonRef = useRef<HTMLSelectElement>(null);
  const previous = useRef(status);

  // The owner just picked a status: the field it asks for is next. Never taken from him while
  // he types elsewhere on the page (a note, say) when a change arrives from another phone.
  useEffect(() => {
    if (previous.current === status) return;
    previous.current = status;
    const active = document.activeElement;
    const card = box.current?.parentElement;
    if (active && isEditable(active) && !card?.contains(active)) return;
    const next = { estimate: estimateRef, 'job-value': jobValueRef, 'lost-reason': lostReasonRef, none: null }[
      askedFor(status) ?? 'none'
    ];
    next?.current?.focus();
  }, [status]);

  const showEstimate = status === 'quoted' || won || status === 'lost' || detail.estimateAmount !== null;
  const showJobValue = won || detail.jobValue !== null;
  const showLostReason = status === 'lost' || detail.lostReason !== null;
  if (!showEstimate && !showJobValue && !showLostReason) return <div ref={box} hidden />;

  return (
    <div ref={box} className="mt-4 grid gap-4 border-t border-cream-200 pt-4">
      {showEstimate ? (
        <AmountField
          key={`estimate-${detail.estimateAmount}`}
          id={detail.id}
          name="estimateAmount"
          label="Estimate amount"
          stored={detail.estimateAmount}
          inputRef={estimateRef}
        />
      ) : null}
      {showJobValue ? (
        <AmountField
          key={`job-${detail.jobValue}-${detail.estimateAmount}`}
          id={detail.id}
          name="jobValue"
          label="Job value"
          stored={detail.jobValue}
          prefill={detail.estimateAmount}
          inputRef={jobValueRef}
          draftRef={jobValueDraft}
        />
      ) : null}
      {showLostReason ? <LostReasonField detail={detail} selectRef={lostReasonRef} /> : null}
    </div>
  );
}

const isEditable = (element: Element) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement ||
  (element instanceof HTMLElement && element.isContentEditable);

const asTyped = (amount: number | null) => (amount === null ? '' : amount.toLocaleString('en-US'));

function AmountField({
  id,
  name,
  label,
  stored,
  prefill = null,
  inputRef,
  draftRef,
}: {
  id: string;
  name: AmountName;
  label: string;
  stored: number | null;
  /** Shown while nothing is stored (the estimate, for the job value): saved only with Save. */
  prefill?: number | null;
  inputRef: RefObject<HTMLInputElement | null>;
  draftRef?: RefObject<string | null>;
}) {
  const change = useChangeRequest(id);
  const sessionEnded = useSessionEnded();
  const [text, setText] = useState(() => asTyped(stored ?? prefill));
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const prefilled = stored === null && prefill !== null && text === asTyped(prefill);
  const unsaved = text.trim() !== asTyped(stored);

  useEffect(() => {
    if (!draftRef) return;
    draftRef.current = text;
    return () => {
      draftRef.current = null;
    };
  }, [draftRef, text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDollars(text, amountNames[name]);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    change.mutate(
      { [name]: parsed.value },
      {
        onSuccess: () =>
          toast({ title: parsed.value === null ? `${label} cleared` : `${label} saved: ${asDollars(parsed.value)}` }),
        onError: (error) => {
          sessionEnded(error);
          setProblem(errorMessage(error));
        },
      },
    );
  };

  const hintId = `${fieldId}-hint`;
  return (
    <form noValidate onSubmit={submit}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <p id={hintId} className="text-xs text-ink-muted">
        {prefilled
          ? 'The estimate, filled in: not saved yet. Save to keep it as the job value.'
          : unsaved
            ? 'Not saved yet: tap Save to keep it.'
            : 'Whole dollars; optional.'}
      </p>
      <DollarEntry
        inputRef={inputRef}
        id={fieldId}
        value={text}
        onChange={setText}
        problem={problem}
        hintId={hintId}
        saving={change.isPending}
        variant="secondary"
      >
        Save<span className="sr-only"> {label.toLowerCase()}</span>
      </DollarEntry>
    </form>
  );
}

const asDollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

function LostReasonField({
  detail,
  selectRef,
}: {
  detail: RequestDetail;
  selectRef: RefObject<HTMLSelectElement | null>;
}) {
  const change = useChangeRequest(detail.id);
  const sessionEnded = useSessionEnded();
  const fieldId = useId();
  const value = change.isPending && change.variables ? (change.variables.lostReason ?? '') : (detail.lostReason ?? '');
  return (
    <div>
      <label htmlFor={fieldId} className={labelClass}>
        Lost reason
      </label>
      <select
        ref={selectRef}
        id={fieldId}
        value={value}
        disabled={change.isPending}
        onChange={(event) => {
          const lostReason = (event.target.value || null) as LostReason | null;
          change.mutate(
            { lostReason },
            {
              onSuccess: () =>
                toast({
                  title: lostReason ? `Lost reason saved: ${lostReasonLabels[lostReason]}` : 'Lost reason cleared',
                }),
              onError: (error) => {
                sessionEnded(error);
                toast({
                  title: 'The lost reason was not saved',
                  description: errorMessage(error),
                  variant: 'destructive',
                });
              },
            },
          );
        }}
        className={cn(controlClass, 'mt-1.5 h-12 px-3')}
      >
        <option value="">Not given</option>
        {lostReasons.map((reason) => (
          <option key={reason} value={reason}>
            {lostReasonLabels[reason]}
          </option>
        ))}
      </select>
    </div>
  );
}
