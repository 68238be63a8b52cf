import { sql } from 'drizzle-orm';
import { arizonaDay, calendarDaysBetween } from '@shared/arizona-time';
import { unknownSource } from '@shared/lead-source-name';
import { invoiceNumber, paymentMethodLabels, type Outstanding, type PaymentMethod } from '@shared/schemas/invoices';
import type { MoneyResults } from '@shared/schemas/owner-results';
import { execute, type Database } from '../../db/client';
import { toCsv } from '../owner/csv';

/**
 * The books: what was invoiced, collected and is still outstanding, per source (the results
 * page), who owes what and for how long, and the CSVs of invoices and payments his bookkeeper
 * imports (Arizona dates, amounts as plain numbers). Void invoices bill nothing; undone payments
 * collected nothing.
 */

const dollars = (cents: number | string | null | undefined) => Number(cents ?? 0) / 100;
const plain = (cents: number | string) => (Number(cents) / 100).toFixed(2);

/** Per source, the invoices and payments of the period's requests (as the results count requests). */
export async function moneyBySource(
  db: Database,
  range: { start: Date; end: Date },
): Promise<{ of: (source: string) => MoneyResults; totals: MoneyResults }> {
  const { rows } = await execute<{ source: string | null; invoiced: string; collected: string }>(
    db,
    sql`
    with per_invoice as (
      select coalesce(s.source, ${unknownSource}) as source, i.total_cents,
             coalesce((select sum(p.amount_cents) from invoice_payments p
                        where p.invoice_id = i.id and p.undone_at is null), 0) as paid
        from invoices i
        join quote_requests q on q.id = i.quote_request_id
        left join quote_request_sources s on s.quote_request_id = q.id
       where i.status = 'open' and q.created_at >= ${range.start} and q.created_at < ${range.end})
    select source, sum(total_cents)::bigint as invoiced, sum(paid)::bigint as collected
      from per_invoice group by grouping sets ((source), ())`,
  );
  const toResults = (row: (typeof rows)[number] | undefined): MoneyResults => {
    const invoiced = dollars(row?.invoiced);
    const collected = dollars(row?.collected);
    return { invoiced, collected, outstanding: Math.round((invoiced - collected) * 100) / 100 };
  };
  const bySource = new Map(rows.filter((row) => row.source !== null).map((row) => [row.source!, row]));
  return {
    of: (source) => toResults(bySource.get(source)),
    totals: toResults(rows.find((row) => row.source === null)),
  };
}

/**
 * What came in per source, by the day each payment was received (Arizona days, `from` and `to`
 * inclusive, either open): dollars with cents. For the visitor funnel: money by where the homeowner came from.
 */
export async function collectedBySource(
  db: Database,
  from?: string,
  to?: string,
): Promise<{ source: string; collected: number }[]> {
  const { rows } = await execute<{ source: string; collected: string }>(
    db,
    sql`
    select coalesce(s.source, ${unknownSource}) as source, sum(p.amount_cents)::bigint as collected
      from invoice_payments p
      join invoices i on i.id = p.invoice_id
      left join quote_request_sources s on s.quote_request_id = i.quote_request_id
     where p.undone_at is null and i.status = 'open'
       and (${from ?? null}::date is null or p.received_on >= ${from ?? null}::date)
       and (${to ?? null}::date is null or p.received_on <= ${to ?? null}::date)
     group by 1 order by 2 desc`,
  );
  return rows.map((row) => ({ source: row.source, collected: dollars(row.collected) }));
}

/** Who owes what and for how long: every open invoice with a balance, the longest overdue first. */
export async function outstandingInvoices(db: Database, now: Date): Promise<Outstanding[]> {
  const { rows } = await execute<{
    id: string;
    request_id: string;
    number: number;
    name: string;
    title: string;
    balance: string;
    due_date: string;
  }>(
    db,
    sql`
    select i.id, i.quote_request_id as request_id, i.number, q.name, i.title, i.due_date::text as due_date,
           i.total_cents - coalesce((select sum(p.amount_cents) from invoice_payments p
                                      where p.invoice_id = i.id and p.undone_at is null), 0) as balance
      from invoices i join quote_requests q on q.id = i.quote_request_id
     where i.status = 'open'`,
  );
  const today = arizonaDay(now);
  return rows
    .filter((row) => Number(row.balance) > 0)
    .map((row) => ({
      invoiceId: row.id,
      requestId: row.request_id,
      number: invoiceNumber(Number(row.number)),
      name: row.name,
      title: row.title,
      balance: dollars(row.balance),
      dueDate: row.due_date,
      daysPastDue: calendarDaysBetween(row.due_date, today),
    }))
    .sort((a, b) => b.daysPastDue - a.daysPastDue || b.balance - a.balance);
}

/** Every invoice: number, dates, homeowner, amounts (plain numbers), status. */
export async function invoicesCsv(db: Database): Promise<string> {
  const { rows } = await execute<{
    number: number;
    issued_on: string;
    due_date: string;
    name: string;
    source: string;
    title: string;
    total_cents: string;
    extra: string;
    paid: string;
    status: string;
  }>(
    db,
    sql`
    select i.number, (i.frozen->>'issuedOn') as issued_on, i.due_date::text as due_date, q.name, coalesce(s.source, ${unknownSource}) as source,
           i.title, i.total_cents, (i.frozen->>'extraCents') as extra, i.status,
           coalesce((select sum(p.amount_cents) from invoice_payments p
                      where p.invoice_id = i.id and p.undone_at is null), 0) as paid
      from invoices i join quote_requests q on q.id = i.quote_request_id
      left join quote_request_sources s on s.quote_request_id = q.id
     order by i.number`,
  );
  return toCsv(
    ['Invoice', 'Issued', 'Due', 'Homeowner', 'Source', 'For', 'Total', 'Extra work', 'Paid', 'Balance', 'Status'],
    rows.map((row) => {
      const isVoid = row.status === 'void';
      const balance = isVoid ? 0 : Number(row.total_cents) - Number(row.paid);
      return [
        invoiceNumber(Number(row.number)),
        row.issued_on,
        row.due_date,
        row.name,
        row.source,
        row.title,
        plain(row.total_cents),
        plain(row.extra ?? 0),
        plain(row.paid),
        plain(balance),
        isVoid ? 'Void' : balance === 0 ? 'Paid' : 'Open',
      ];
    }),
  );
}

/** Every payment: the day it came (Arizona), invoice, homeowner, amount (a plain number), how, reference; undone ones marked. */
export async function paymentsCsv(db: Database): Promise<string> {
  const { rows } = await execute<{
    received_on: string;
    number: number;
    name: string;
    amount_cents: string;
    method: PaymentMethod;
    reference: string | null;
    note: string | null;
    undone_at: Date | string | null;
  }>(
    db,
    sql`
    select p.received_on::text as received_on, i.number, q.name, p.amount_cents, p.method, p.reference, p.note, p.undone_at
      from invoice_payments p join invoices i on i.id = p.invoice_id
      join quote_requests q on q.id = i.quote_request_id
     order by p.received_on, p.created_at`,
  );
  return toCsv(
    ['Received', 'Invoice', 'Homeowner', 'Amount', 'Method', 'Check number or reference', 'Note', 'Undone'],
    rows.map((row) => [
      row.received_on,
      invoiceNumber(Number(row.number)),
      row.name,
      plain(row.amount_cents),
      paymentMethodLabels[row.method],
      row.reference,
      row.note,
      row.undone_at ? arizonaDay(new Date(row.undone_at)) : '',
    ]),
  );
}
