import { Download } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { lostReasonLabels, lostReasons } from '@shared/schemas/owner-money';
import type { ResultPeriod, SourceResultRow } from '@shared/schemas/owner-results';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { dollars, plural } from '../app/formats';
import { Bar, Legend } from './result-bar';
import { answerTime, missingValuesText, percent, returnText, wonValueText } from './result-format';
import { conversionsHref, periodCsvHref } from './results-api';
import { FiguresTable } from '../app/source-table';
import { cardClass } from '../app/styles';

/** "1 Price, 2 Timing": why the lost ones were lost. */
function lostText(row: SourceResultRow): string {
  return lostReasons
    .filter((reason) => row.lostReasons[reason] > 0)
    .map((reason) => `${row.lostReasons[reason]} ${lostReasonLabels[reason]}`)
    .join(', ');
}

const volume = (row: SourceResultRow) =>
  [plural(row.requests, 'request'), plural(row.calls, 'call'), plural(row.texts, 'text')].join(' · ');

const estimatesText = (row: SourceResultRow) => (row.estimates > 0 ? dollars(row.estimateValue) : '–');

/**
 * What each source brought in the period and what it cost: a card per source on a phone (nothing
 * to scroll sideways), a table from a laptop's width up; most won revenue first, then the totals.
 */
export function SourceResults({ rows, totals }: { rows: SourceResultRow[]; totals: SourceResultRow }) {
  const id = useId();
  const most = Math.max(1, ...rows.map((row) => row.requests + row.calls + row.texts));
  return (
    <section aria-labelledby={id} className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="text-xl font-bold">
          By source
        </h2>
        {rows.length > 0 ? <Legend withTaps /> : null}
      </div>
      {rows.length === 0 ? (
        <p className={cn(cardClass, 'mt-2 p-4 text-ink-muted')}>Nothing in this period.</p>
      ) : (
        <>
          <ul aria-label="By source" className="mt-2 grid gap-2 sm:grid-cols-2 lg:hidden">
            {rows.map((row) => (
              <SourceCard key={row.key} row={row} most={most} />
            ))}
            <SourceCard row={totals} totals />
          </ul>
          <div className={cn(cardClass, 'mt-2 hidden overflow-x-auto lg:block')}>
            <SourceTable rows={rows} totals={totals} most={most} />
          </div>
        </>
      )}
      <p className="mt-2 text-sm text-ink-muted">
        A request counts in the period it came in, with what it became since: a job won next month still counts for this
        month’s ad. Won revenue adds up the job values of the won jobs (a won job without one says “value not entered”);
        estimates add up the estimate amounts. Close rate is won jobs out of requests. Spend is what you entered below.
        Cost per lead is spend divided by requests, cost per won job spend divided by won jobs, and return on spend is
        won revenue divided by spend: 19.67 means every $1 brought $19.67 of work. Without spend, they show “–”.
      </p>
    </section>
  );
}

function SourceCard({ row, most = 1, totals = false }: { row: SourceResultRow; most?: number; totals?: boolean }) {
  const lost = lostText(row);
  return (
    <li className={cn(cardClass, 'min-w-0 p-3', totals && 'border-pine-300 bg-cream-50')}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="min-w-0 truncate font-sans text-base font-bold text-pine-900">
          {totals ? 'All sources' : row.key}
        </h3>
        {wonValueText(row) === 'value not entered' ? (
          <span className="shrink-0 text-sm font-semibold text-ink-soft">
            {plural(row.won, 'won job')}: value not entered
          </span>
        ) : (
          <span className="shrink-0 font-display text-lg font-bold text-pine-800 tabular-nums">
            {dollars(row.wonValue)} <span className="font-sans text-sm font-semibold">won</span>
          </span>
        )}
      </div>
      {totals ? null : <Bar row={row} most={most} withTaps />}
      <p className="mt-1.5 text-sm font-semibold text-ink-soft">{volume(row)}</p>
      {missingValuesText(row) ? <p className="mt-1 text-xs text-ink-soft">{missingValuesText(row)}</p> : null}
      <dl className="mt-2 grid grid-cols-3 gap-x-2 gap-y-2">
        <Figure label="Won jobs">{row.won}</Figure>
        <Figure label="Close rate">{percent(row.wonRate)}</Figure>
        <Figure label={plural(row.estimates, 'estimate')}>{estimatesText(row)}</Figure>
        <Figure label="Spend">
          <SpendText row={row} />
        </Figure>
        <Figure label="Cost per lead">{costText(row, row.costPerLead)}</Figure>
        <Figure label="Cost per won job">{costText(row, row.costPerWon)}</Figure>
        <Figure label="Return on spend" strong>
          {returnText(row.returnOnSpend)}
        </Figure>
        <Figure label="Lost">{row.lost}</Figure>
        <Figure label="First answer">{answerTime(row.medianHoursToAnswer)}</Figure>
      </dl>
      {lost ? <p className="mt-2 text-xs text-ink-soft">Lost to: {lost}</p> : null}
    </li>
  );
}

/** A cost means something only once spend is entered: "–" until then, never "$0" (free leads). */
const costText = (row: SourceResultRow, cost: number | null) => (row.spend > 0 ? dollars(cost) : '–');

/** What was spent; with none entered, a way to enter it. */
function SpendText({ row }: { row: SourceResultRow }) {
  if (row.spend > 0) return <>{dollars(row.spend)}</>;
  return (
    <>
      –{' '}
      <a href="#spend" className="text-sm font-semibold text-pine-800 underline underline-offset-2">
        Add spend
      </a>
    </>
  );
}

function Figure({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[0.65rem] leading-tight font-bold tracking-wide text-wood-700 uppercase">{label}</dt>
      <dd className={cn('font-semibold break-words tabular-nums', strong ? 'text-pine-800' : 'text-ink')}>
        {children}
      </dd>
    </div>
  );
}

const columns = [
  'Requests',
  'Calls',
  'Texts',
  'Estimates',
  'Won revenue',
  'Close rate',
  'Spend',
  'Cost per lead',
  'Cost per won job',
  'Return on spend',
  'Lost',
  'First answer',
] as const;

function SourceTable({ rows, totals, most }: { rows: SourceResultRow[]; totals: SourceResultRow; most: number }) {
  return (
    <FiguresTable
      sourceClassName="px-3 py-2.5 text-left"
      headings={columns.map((label) => (
        <th key={label} scope="col" className="px-1.5 py-2.5 text-right align-bottom last:pr-3">
          {label}
        </th>
      ))}
    >
      <tbody>
        {rows.map((row) => (
          <SourceLine key={row.key} row={row} most={most} />
        ))}
      </tbody>
      <tfoot className="border-t-2 border-cream-200 bg-cream-50 font-semibold">
        <SourceLine row={totals} most={most} totals />
      </tfoot>
    </FiguresTable>
  );
}

function SourceLine({ row, most, totals = false }: { row: SourceResultRow; most: number; totals?: boolean }) {
  const lost = lostText(row);
  const cell = 'px-1.5 py-2.5 text-right whitespace-nowrap last:pr-3';
  return (
    <tr className="border-b border-cream-100 last:border-0">
      <th scope="row" className="w-1/6 px-3 py-2.5 text-left font-semibold text-pine-900">
        {totals ? 'All sources' : row.key}
        {totals ? null : <Bar row={row} most={most} withTaps />}
      </th>
      <td className={cn(cell, 'font-semibold')}>{row.requests}</td>
      <td className={cell}>{row.calls}</td>
      <td className={cell}>{row.texts}</td>
      <td className={cell}>
        {estimatesText(row)}
        {row.estimates > 0 ? <span className="block text-xs text-ink-muted">{row.estimates}</span> : null}
      </td>
      <td className={cn(cell, 'font-semibold text-pine-800')}>
        {wonValueText(row)}
        <span className="block text-xs font-normal text-ink-muted">{plural(row.won, 'job')}</span>
        {missingValuesText(row) ? (
          <span className="block text-xs font-normal whitespace-normal text-ink-muted">{missingValuesText(row)}</span>
        ) : null}
      </td>
      <td className={cell}>{percent(row.wonRate)}</td>
      <td className={cell}>
        <SpendText row={row} />
      </td>
      <td className={cell}>{costText(row, row.costPerLead)}</td>
      <td className={cell}>{costText(row, row.costPerWon)}</td>
      <td className={cn(cell, 'font-semibold text-pine-800')}>{returnText(row.returnOnSpend)}</td>
      <td className={cell}>
        {row.lost}
        {lost ? <span className="block text-xs whitespace-normal text-ink-muted">{lost}</span> : null}
      </td>
      <td className={cell}>{answerTime(row.medianHoursToAnswer)}</td>
    </tr>
  );
}

/** The period's requests with their amounts, and its won jobs for Google Ads. */
export function PeriodDownloads({ period }: { period: ResultPeriod }) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <a href={periodCsvHref(period)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <Download aria-hidden="true" />
        Export CSV
      </a>
      <a href={conversionsHref(period)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <Download aria-hidden="true" />
        Google Ads conversions
      </a>
    </div>
  );
}
