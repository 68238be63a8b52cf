import type { ReviewSourceRow } from '@shared/schemas/reviews';
import { SourceTable, type SourceColumn } from '../app/source-table';

const columns: readonly SourceColumn<ReviewSourceRow>[] = [
  { key: 'reviewRequestsSent', label: 'Review requests sent', short: 'Asked' },
  { key: 'googleClicks', label: 'Google clicks', short: 'Google' },
  { key: 'reviewsReceived', label: 'Reviews received', short: 'Reviews', emphasis: true },
];

/**
 * Per source, what the review requests of its customers brought: which marketing brings customers
 * happy enough to say so. A compact table that fits a phone.
 */
export function ReviewResultsSection({ rows }: { rows: ReviewSourceRow[] }) {
  return (
    <SourceTable
      title="Reviews by source"
      empty="No review requests for this period’s requests yet: they go out when a job is set to Job done."
      rows={rows}
      columns={columns}
    />
  );
}
