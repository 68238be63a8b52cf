import { formatCents } from '@shared/schemas/estimates';
import type { SourceResultRow } from '@shared/schemas/owner-results';
import { SourceTable, type SourceColumn } from '../app/source-table';

const money = (value: unknown) => formatCents(Math.round(Number(value ?? 0) * 100));

const columns: readonly SourceColumn<SourceResultRow>[] = [
  { key: 'wonValue', label: 'Won', short: 'Won', format: money },
  { key: 'invoiced', label: 'Invoiced', short: 'Inv.', format: money },
  { key: 'collected', label: 'Collected', short: 'Coll.', format: money },
  { key: 'outstanding', label: 'Outstanding', short: 'Owed', format: money },
];

/** Per source, beside what was won: what was invoiced, collected and is still outstanding. */
export function MoneyResultsSection({ rows, totals }: { rows: SourceResultRow[]; totals: SourceResultRow }) {
  return (
    <SourceTable
      title="Money by source"
      empty="No invoice for this period’s requests yet: make one from a request’s page once its estimate is approved."
      rows={rows.filter((row) => row.invoiced > 0)}
      columns={columns}
      totals={totals}
    />
  );
}
