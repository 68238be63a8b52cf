import type { SourceResultRow } from '@shared/schemas/owner-results';
import { SourceTable, type SourceColumn } from '../app/source-table';

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)} %`);
const days = (value: number | null) => (value === null ? '–' : value < 1 ? '< 1' : String(value));

const columns: readonly SourceColumn<SourceResultRow>[] = [
  { key: 'estimatesSent', label: 'Estimates sent', short: 'Sent' },
  { key: 'estimatesApproved', label: 'Approved', short: 'Appr.' },
  { key: 'approvalRate', label: 'Approval rate', short: 'Rate', format: (value) => percent(value as number | null) },
  {
    key: 'medianDaysToApproval',
    label: 'Days to approve',
    short: 'Days',
    format: (value) => days(value as number | null),
  },
];

/** Per source, the written estimates of its requests: how many were sent, approved, and how fast. */
export function EstimateResultsSection({ rows, totals }: { rows: SourceResultRow[]; totals: SourceResultRow }) {
  return (
    <SourceTable
      title="Estimates by source"
      empty="No written estimates sent for this period’s requests yet: send one from a request’s page."
      rows={rows.filter((row) => row.estimatesSent > 0)}
      columns={columns}
      totals={totals}
    />
  );
}
