import { Copy, MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { arizonaLongDateTime } from '@shared/arizona-time';
import { changeOrderLabels } from '@shared/schemas/change-orders';
import {
  declineReasonLabels,
  estimateLabels,
  estimateStatusLabels,
  formatCents,
  longDay,
  toCents,
  type OwnerEstimate,
} from '@shared/schemas/estimates';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { estimateSmsHref } from './estimate-messages';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { cardClass } from '../app/styles';
import { useRequestVisit } from '../visits';
import { ChangeOrderForm } from './change-order-form';
import { EstimateForm } from './estimate-form';
import { PaperDetails } from './paper-details';
import { useEstimateActions, useEstimateSettings } from './estimates-api';

const badgeTone: Record<OwnerEstimate['status'], string> = {
  draft: 'bg-cream-100 text-wood-800',
  sent: 'bg-pine-100 text-pine-900',
  viewed: 'bg-wood-100 text-wood-800',
  approved: 'bg-pine-700 text-white',
  declined: 'bg-rim-100 text-rim-800',
  expired: 'bg-cream-200 text-ink-muted',
};

/** The request's estimates on its page: each version's state, New estimate, Revise, the link to copy or text. */
export function EstimateSection({ detail }: { detail: RequestDetail & { estimates?: OwnerEstimate[] } }) {
  const id = useId();
  const estimates = detail.estimates ?? [];
  const [editing, setEditing] = useState<OwnerEstimate | 'new' | 'change' | null>(null);
  const settings = useEstimateSettings();
  const visit = useRequestVisit(detail.id);
  const { revise } = useEstimateActions(detail.id);
  const sessionEnded = useSessionEnded();
  const approvedEstimate = estimates.find((paper) => paper.kind === 'estimate' && paper.status === 'approved');
  const approved = approvedEstimate !== undefined;
  const hasDraft = estimates.some((estimate) => estimate.status === 'draft');
  const changing = editing === 'change' || (typeof editing === 'object' && editing?.kind === 'change-order');
  const done = (sent: OwnerEstimate | null) => {
    setEditing(null);
    toast({
      title: sent
        ? `${sent.kind === 'change-order' ? 'Change order' : 'Estimate'} sent to ${detail.name}`
        : 'Draft saved',
    });
  };

  const startRevise = (estimate: OwnerEstimate) =>
    revise.mutate(estimate.id, {
      onSuccess: (draft) => setEditing(draft),
      onError: (error) => {
        sessionEnded(error);
        toast({ title: errorMessage(error), variant: 'destructive' });
      },
    });

  return (
    <section aria-labelledby={`${id}-heading`} className={cn(cardClass, 'p-5')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-bold">
          Estimates
        </h2>
        {!editing && !approved && !hasDraft ? (
          <Button type="button" size="sm" onClick={() => setEditing('new')} disabled={!settings.data}>
            {estimateLabels.newEstimate}
          </Button>
        ) : null}
        {!editing && approved && !hasDraft ? (
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing('change')}>
            {changeOrderLabels.newChangeOrder}
          </Button>
        ) : null}
      </div>
      {estimates.length === 0 && !editing ? (
        <p className="mt-2 text-sm text-ink-muted">
          No written estimate yet. Write one here and send it from your phone.
        </p>
      ) : null}
      {changing && approvedEstimate ? (
        <ChangeOrderForm
          detail={detail}
          approved={approvedEstimate}
          draft={editing === 'change' ? null : (editing as OwnerEstimate)}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {editing && !changing && settings.data ? (
        <EstimateForm
          detail={detail}
          draft={typeof editing === 'object' ? editing : null}
          defaultTaxRate={settings.data.taxRate}
          defaultAddress={visit.data?.visit?.address ?? ''}
          defaultSchedule={settings.data.defaultSchedule}
          onDone={done}
        />
      ) : null}
      <ol className="mt-3 grid gap-3">
        {estimates.map((estimate) =>
          typeof editing === 'object' && editing?.id === estimate.id ? null : (
            <EstimateItem
              key={estimate.id}
              estimate={estimate}
              detail={detail}
              onEdit={() => setEditing(estimate)}
              onRevise={() => startRevise(estimate)}
            />
          ),
        )}
      </ol>
      <p className="mt-4 border-t border-cream-200 pt-3 text-sm text-ink-muted">
        The tax rate and payment schedule a new estimate starts with, and the follow-up days, are in{' '}
        <Link href="/settings" className="font-semibold text-pine-800 underline underline-offset-4">
          Settings
        </Link>
        .
      </p>
    </section>
  );
}

function EstimateItem({
  estimate,
  detail,
  onEdit,
  onRevise,
}: {
  estimate: OwnerEstimate;
  detail: RequestDetail;
  onEdit: () => void;
  onRevise: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(estimate.url);
      toast({ title: 'Link copied' });
    } catch {
      window.prompt('Copy the estimate’s link', estimate.url);
    }
  };
  const sms = estimateSmsHref(detail, estimate);
  const live = estimate.status !== 'draft';
  return (
    <li className="rounded-lg border border-cream-200 p-3" data-estimate-version={estimate.version}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-pine-900">{estimate.title}</span>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', badgeTone[estimate.status])}>
          {estimateStatusLabels[estimate.status]}
        </span>
        <span className="ml-auto font-semibold tabular-nums">
          {formatCents(toCents(estimate.approvedTotal ?? estimate.total))}
        </span>
      </div>
      <p className="mt-1 text-sm text-ink-muted">
        {estimate.status === 'approved' && estimate.approvedAt
          ? `Approved ${arizonaLongDateTime(new Date(estimate.approvedAt))} by ${estimate.approvedName ?? ''}`
          : estimate.status === 'declined' && estimate.declinedAt
            ? `Declined ${arizonaLongDateTime(new Date(estimate.declinedAt))}${estimate.declineReason ? `: ${declineReasonLabels[estimate.declineReason]}` : ''}${estimate.declineComment ? ` — “${estimate.declineComment}”` : ''}`
            : estimate.viewedAt
              ? `Viewed ${arizonaLongDateTime(new Date(estimate.viewedAt))}`
              : estimate.sentAt
                ? `Sent ${arizonaLongDateTime(new Date(estimate.sentAt))}`
                : `Valid until ${longDay(estimate.validUntil)}`}
        {estimate.replacedBy ? ' · replaced by a newer version' : ''}
      </p>
      <PaperDetails paper={estimate} />
      <div className="mt-2 flex flex-wrap gap-2">
        {estimate.status === 'draft' ? (
          <Button type="button" size="sm" variant="outline" onClick={onEdit}>
            Edit draft
          </Button>
        ) : null}
        {live ? (
          <>
            <Button type="button" size="sm" variant="ghost" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy link
            </Button>
            <a
              href={sms}
              className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-pine-900 hover:bg-pine-100"
            >
              <MessageSquare aria-hidden="true" className="size-[1.15em]" />
              Text link
            </a>
            <a
              href={estimate.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-semibold text-pine-900 underline-offset-4 hover:underline"
            >
              Open page
            </a>
          </>
        ) : null}
        {live && estimate.kind === 'estimate' && estimate.status !== 'approved' && !estimate.replacedBy ? (
          <Button type="button" size="sm" variant="outline" onClick={onRevise}>
            {estimateLabels.revise}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
