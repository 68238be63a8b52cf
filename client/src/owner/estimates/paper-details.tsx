import { formatCents, toCents, type OwnerEstimate } from '@shared/schemas/estimates';
import { scheduleDueLabels } from '@shared/schemas/payment-schedule';

/**
 * Under a paper on the request's page: a change order's reason and days added, and the approved
 * estimate's job total (its approved change orders included) with the schedule's parts in dollars.
 */
export function PaperDetails({ paper }: { paper: OwnerEstimate }) {
  if (paper.kind === 'change-order')
    return (
      <p className="mt-1 text-sm">
        {paper.reason}
        <span className="text-ink-muted">
          {' '}
          · {paper.daysAdded === 1 ? '1 day' : `${paper.daysAdded ?? 0} days`} added
        </span>
      </p>
    );
  const changed = paper.jobTotal !== null && paper.jobTotal !== paper.approvedTotal;
  if (paper.schedule.length === 0 && !changed) return null;
  return (
    <div className="mt-2 grid gap-1 rounded-md bg-cream-50 p-3 text-sm">
      {changed ? (
        <p className="flex justify-between font-semibold text-pine-900">
          <span>Job total with change orders</span>
          <span className="tabular-nums" data-testid="job-total">
            {formatCents(toCents(paper.jobTotal!))}
          </span>
        </p>
      ) : null}
      {paper.schedule.length > 0 ? (
        <ul className="grid gap-0.5" aria-label="Payment schedule">
          {paper.schedule.map((part, index) => (
            <li key={index} className="flex justify-between gap-3">
              <span>
                {part.label} <span className="text-ink-muted">· {scheduleDueLabels[part.due].toLowerCase()}</span>
              </span>
              <span className="tabular-nums">{formatCents(toCents(part.dollars))}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
