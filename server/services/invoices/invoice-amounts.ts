import {
  estimateTotals,
  formatCents,
  formatTaxRate,
  lineTotalCents,
  toCents,
  toMilli,
} from '@shared/schemas/estimates';
import type { InvoiceInputParsed, InvoiceLineCents } from '@shared/schemas/invoices';
import { scheduleAmounts } from '@shared/schemas/payment-schedule';
import type { InvoiceRow } from '../../db/schema';
import { HttpError } from '../errors';
import type { ApprovedJob } from '../estimates/job-total';

/**
 * What an invoice bills, by the job's rules: a part of the schedule computed on the job's total
 * now (with its approved change orders), the last part not yet invoiced (or a final invoice)
 * whatever is left, and lines as written. Together a job's invoices never bill more than its
 * approved total, except lines marked extra work, billed on top and named so.
 */

export interface InvoiceAmounts {
  kind: 'part' | 'final' | 'items';
  part: number | null;
  title: string;
  items: InvoiceLineCents[];
  taxIncluded: boolean;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** What counts against the job's approved total (all but extra work). */
  jobCents: number;
  extraCents: number;
}

const nothingLeft = (job: ApprovedJob) =>
  new HttpError(
    400,
    `Nothing is left to bill on this job: its invoices already come to its approved total of ${formatCents(job.totalCents)}. Work beyond it goes on lines marked extra work.`,
  );

/** The tax inside an amount that includes it, rounded half up to the cent. */
const includedTax = (totalCents: number, taxRateMilli: number) =>
  taxRateMilli === 0
    ? 0
    : Number(
        (BigInt(totalCents) * BigInt(taxRateMilli) + BigInt(100_000 + taxRateMilli) / 2n) /
          BigInt(100_000 + taxRateMilli),
      );

/** What is billed against the job already: its invoices that are not void. */
export const billedCents = (invoices: readonly InvoiceRow[]) =>
  invoices.filter((invoice) => invoice.status === 'open').reduce((sum, invoice) => sum + invoice.jobCents, 0);

/** Each part of the schedule's amount now: a part not yet invoiced on the job's current total, the last one still open what is left. */
export function partAmounts(
  job: ApprovedJob,
  invoices: readonly InvoiceRow[],
): { cents: number; invoice: InvoiceRow | null }[] {
  const schedule = job.estimate.schedule;
  const nominal = scheduleAmounts(schedule, job.totalCents);
  const open = invoices.filter((invoice) => invoice.status === 'open');
  const left = Math.max(0, job.totalCents - billedCents(invoices));
  const invoiceOf = (index: number) =>
    open.find((invoice) => invoice.kind === 'part' && invoice.part === index) ?? null;
  const final = open.some((invoice) => invoice.kind === 'final');
  // Parts not invoiced yet share what is left, in order; the last of them takes the rest.
  const notInvoiced = schedule.map((_, index) => index).filter((index) => !invoiceOf(index));
  let rest = left;
  const planned = new Map<number, number>();
  notInvoiced.forEach((index, position) => {
    const cents = final ? 0 : position === notInvoiced.length - 1 ? rest : Math.min(nominal[index] ?? 0, rest);
    planned.set(index, cents);
    rest -= cents;
  });
  return schedule.map((_, index) => {
    const invoice = invoiceOf(index);
    return invoice ? { cents: invoice.jobCents, invoice } : { cents: planned.get(index) ?? 0, invoice: null };
  });
}

export function invoiceAmounts(
  job: ApprovedJob,
  invoices: readonly InvoiceRow[],
  input: InvoiceInputParsed,
): InvoiceAmounts {
  const taxRateMilli = job.estimate.taxRateMilli;
  const left = job.totalCents - billedCents(invoices);
  const share = (kind: 'part' | 'final', part: number | null, title: string, description: string, cents: number) => {
    const taxCents = includedTax(cents, taxRateMilli);
    return {
      kind,
      part,
      title,
      items: [{ description, quantityMilli: 1000, unitPriceCents: cents, extra: false }],
      taxIncluded: true,
      subtotalCents: cents - taxCents,
      taxCents,
      totalCents: cents,
      jobCents: cents,
      extraCents: 0,
    };
  };
  const ofTotal = `of the job's total of ${formatCents(job.totalCents)}`;

  if (input.part !== undefined) {
    const schedule = job.estimate.schedule;
    const part = schedule[input.part];
    if (!part)
      throw new HttpError(
        400,
        schedule.length === 0
          ? 'This job has no payment schedule: make a final invoice or an invoice of lines.'
          : `This job's schedule has ${schedule.length} parts: part ${input.part} is not one of them (the first is 0).`,
      );
    const amounts = partAmounts(job, invoices);
    const already = amounts[input.part]?.invoice;
    if (already)
      throw new HttpError(400, `${part.label} was invoiced already. Void that invoice first to make it again.`);
    const cents = amounts[input.part]?.cents ?? 0;
    if (cents <= 0) throw nothingLeft(job);
    const what = part.percentMilli !== undefined ? `${part.percentMilli / 1000} % ${ofTotal}` : ofTotal;
    return share('part', input.part, part.label, `${part.label} (${what})`, cents);
  }

  if (input.items === undefined) {
    if (left <= 0) throw nothingLeft(job);
    const billed = job.totalCents - left;
    return share(
      'final',
      null,
      'Final invoice',
      billed > 0
        ? `The balance of the job: ${formatCents(job.totalCents)}, less ${formatCents(billed)} invoiced before`
        : `The job: ${formatCents(job.totalCents)}`,
      left,
    );
  }

  const items: InvoiceLineCents[] = input.items.map((item) => ({
    description: item.description,
    quantityMilli: toMilli(item.quantity),
    unitPriceCents: toCents(item.unitPrice),
    extra: item.extra,
  }));
  const totalsOf = (lines: InvoiceLineCents[]) =>
    estimateTotals(
      lines.map((line) => ({ ...line, optional: false })),
      taxRateMilli,
    );
  const job_ = totalsOf(items.filter((item) => !item.extra));
  const extra = totalsOf(items.filter((item) => item.extra));
  const totalCents = job_.totalCents + extra.totalCents;
  if (items.some((item) => lineTotalCents(item) > 1_000_000_000) || totalCents > 1_000_000_000)
    throw new HttpError(400, 'An invoice’s total can be at most $10,000,000.');
  if (totalCents <= 0) throw new HttpError(400, 'An invoice’s total must be more than $0.');
  if (job_.totalCents > Math.max(0, left))
    throw new HttpError(
      400,
      `These lines bill ${formatCents(job_.totalCents)} of the job (with ${formatTaxRate(taxRateMilli)} % tax), but only ${formatCents(Math.max(0, left))} of its approved total of ${formatCents(job.totalCents)} is left to bill. Mark lines for work beyond the estimate as extra work.`,
    );
  return {
    kind: 'items',
    part: null,
    title: extra.totalCents > 0 && job_.totalCents === 0 ? 'Extra work' : 'Invoice',
    items,
    taxIncluded: false,
    subtotalCents: job_.subtotalCents + extra.subtotalCents,
    taxCents: job_.taxCents + extra.taxCents,
    totalCents,
    jobCents: job_.totalCents,
    extraCents: extra.totalCents,
  };
}
