import { Download } from 'lucide-react';
import { Link } from 'wouter';
import { longDay } from '@shared/arizona-time';
import { formatCents } from '@shared/schemas/estimates';
import { CardSection } from '../app/card-section';
import { plural } from '../app/formats';
import { invoicesCsvHref, paymentsCsvHref, useOutstanding, type Outstanding } from './invoices-api';

const money = (dollars: number) => formatCents(Math.round(dollars * 100));

const howLate = (row: Outstanding) =>
  row.daysPastDue > 0 ? `${plural(row.daysPastDue, 'day')} past due` : `due ${longDay(row.dueDate)}`;

/** Who owes what and for how long, and the books' CSVs for the bookkeeper (the results page). */
export function BooksSection() {
  const outstanding = useOutstanding();
  const rows = outstanding.data?.outstanding ?? [];
  return (
    <CardSection title="Books" className="mt-6">
      <p className="mt-1 text-sm text-ink-muted">Who owes what, and your invoices and payments for your bookkeeper.</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm">Nobody owes you anything right now.</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Who owes what">
          {rows.map((row) => (
            <li key={row.invoiceId} className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <Link
                href={`/requests/${row.requestId}`}
                className="font-semibold text-pine-800 underline underline-offset-2"
              >
                {row.name} · {row.number}
              </Link>
              <span className={row.daysPastDue > 0 ? 'font-semibold text-rim-700' : 'text-ink-muted'}>
                {money(row.balance)} · {howLate(row)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={invoicesCsvHref}
          download
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-pine-800 underline underline-offset-2"
        >
          <Download aria-hidden="true" className="size-4" />
          Invoices (CSV)
        </a>
        <a
          href={paymentsCsvHref}
          download
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-pine-800 underline underline-offset-2"
        >
          <Download aria-hidden="true" className="size-4" />
          Payments (CSV)
        </a>
      </div>
    </CardSection>
  );
}

/** The inbox's card of invoices past due, when there are any. */
export function OverdueInvoices() {
  const outstanding = useOutstanding();
  const overdue = (outstanding.data?.outstanding ?? []).filter((row) => row.daysPastDue > 0);
  if (overdue.length === 0) return null;
  return (
    <CardSection title={`Overdue invoices (${overdue.length})`} className="mt-4 border-rim-200">
      <ul className="mt-2 grid gap-2">
        {overdue.map((row) => (
          <li key={row.invoiceId} className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <Link
              href={`/requests/${row.requestId}`}
              className="font-semibold text-pine-800 underline underline-offset-2"
            >
              {row.name} · {row.number}
            </Link>
            <span className="font-semibold text-rim-700">
              {money(row.balance)} · {howLate(row)}
            </span>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
