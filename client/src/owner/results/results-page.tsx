import { useId } from 'react';
import { Link, useSearch } from 'wouter';
import {
  periodLabels,
  resultPeriods,
  resultsQuerySchema,
  type ResultRow,
  type Results,
} from '@shared/schemas/owner-results';
import { cn } from '@/lib/utils';
import { LoadFailed } from '../app/feedback';
import { useSessionEndedBy } from '../app/owner-api';
import { useResults } from './results-api';
import { plural } from '../app/formats';
import { ReviewResultsSection } from '../reviews';
import { Bar, Legend } from './result-bar';
import { answerTime, percent } from './result-format';
import { PeriodDownloads, SourceResults } from './source-results';
import { EstimateResultsSection } from '../estimates';
import { BooksSection, MoneyResultsSection } from '../invoices';
import { SpendCard } from './spend-card';
import { VisitorsSection } from './visitors-section';
import { cardClass } from '../app/styles';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** What each source, service and city brought in a period: the owner's answer to "what works?". */
export function ResultsPage() {
  const { period } = resultsQuerySchema.parse(Object.fromEntries(new URLSearchParams(useSearch())));
  const results = useResults(period);
  useSessionEndedBy(results.error);
  const data = results.data;

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Results</h1>
      <p className="mt-1 text-ink-soft">Which of your advertising brings requests, calls and won jobs.</p>

      <nav aria-label="Period" className="mt-4">
        <ul className="grid grid-cols-2 gap-2 pb-1 sm:flex sm:w-max">
          {resultPeriods.map((option) => (
            <li key={option}>
              <Link
                href={`/results?period=${option}`}
                aria-current={option === period ? 'page' : undefined}
                className={cn(
                  'flex h-10 items-center justify-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                  option === period
                    ? 'border-pine-800 bg-pine-800 text-white'
                    : 'border-ink-muted/40 bg-white text-pine-900 hover:border-pine-800',
                )}
              >
                {periodLabels[option]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <p role="status" className="mt-3 text-sm text-ink-muted">
        {data
          ? `${formatDay(data.firstDay)} – ${formatDay(data.lastDay)}, Arizona time. Spam is not counted.`
          : results.isPending
            ? 'Loading…'
            : ''}
      </p>

      {results.isError && !data ? <LoadFailed error={results.error} onRetry={() => void results.refetch()} /> : null}

      {data ? <ResultsBody data={data} /> : null}
      <VisitorsSection />
    </>
  );
}

function ResultsBody({ data }: { data: Results }) {
  const { totals } = data;
  return (
    <>
      <dl className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6">
        <Tile label="Requests" value={String(totals.requests)} />
        <Tile label="Calls" value={String(totals.calls)} />
        <Tile label="Texts" value={String(totals.texts)} />
        <Tile label="Won" value={String(totals.won)} />
        <Tile label="Close rate" value={percent(totals.wonRate)} />
        <Tile label="Reply in" value={answerTime(totals.medianHoursToAnswer)} hint="median time to a first answer" />
      </dl>
      <SourceResults rows={data.bySource} totals={data.totals} />
      <PeriodDownloads period={data.period} />
      <SpendCard key={data.lastDay.slice(0, 7)} initialMonth={data.lastDay.slice(0, 7)} />
      <ResultTable title="By service" rows={data.byService} />
      <ResultTable title="By city" rows={data.byCity} />
      <EstimateResultsSection rows={data.bySource} totals={data.totals} />
      <MoneyResultsSection rows={data.bySource} totals={data.totals} />
      <BooksSection />
      <ReviewResultsSection rows={data.reviewsBySource ?? []} />
      <p className="mt-6 text-sm text-ink-muted">
        Calls and texts are taps on the site’s phone and text links, counted by where the visitor came from (a tap tells
        nothing about the service or city). Close rate is won jobs out of requests; reply in is the median time from a
        request to your first answer (a tap on Call, Text or Reply on its page, or its status moved to Contacted or
        beyond).
      </p>
    </>
  );
}

function Tile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className={cn(cardClass, 'px-3 py-2.5')}>
      <dt className="text-xs font-bold tracking-wide text-wood-700 uppercase">
        {label}
        {hint ? <span className="sr-only"> ({hint})</span> : null}
      </dt>
      <dd className="mt-0.5 font-display text-2xl font-bold text-pine-900 tabular-nums">{value}</dd>
    </div>
  );
}

const statusColumns = [
  ['contacted', 'Contacted'],
  ['quoted', 'Quoted'],
  ['won', 'Won'],
  ['lost', 'Lost'],
] as const;

/** A table at the desk, a card per line on the phone; both with a bar of requests and won jobs. */
/** Requests by service or city: no calls or texts here, as a tap tells nothing of the service or city. */
function ResultTable({ title, rows }: { title: string; rows: ResultRow[] }) {
  const id = useId();
  const most = Math.max(1, ...rows.map((row) => row.requests));
  return (
    <section aria-labelledby={id} className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {rows.length > 0 ? <Legend withTaps={false} /> : null}
      </div>
      {rows.length === 0 ? (
        <p className={cn(cardClass, 'mt-2 p-4 text-ink-muted')}>Nothing in this period.</p>
      ) : (
        <>
          <ul aria-label={title} className="mt-2 grid gap-2 sm:hidden">
            {rows.map((row) => (
              <li key={row.key} className={cn(cardClass, 'p-3')}>
                <div className="flex items-baseline justify-between gap-2">
                  <h3 className="truncate font-sans text-base font-bold text-pine-900">{row.key}</h3>
                  <span className="shrink-0 text-sm font-semibold text-pine-800">
                    {percent(row.wonRate)} close rate
                  </span>
                </div>
                <Bar row={row} most={most} withTaps={false} />
                <p className="mt-1.5 text-sm font-semibold text-ink-soft">{plural(row.requests, 'request')}</p>
                <dl className="mt-2 grid grid-cols-4 gap-x-2 text-center">
                  {statusColumns.map(([key, label]) => (
                    <Count key={key} label={label} value={row[key]} />
                  ))}
                </dl>
                {row.medianHoursToAnswer !== null ? (
                  <p className="mt-2 text-xs text-ink-muted">
                    First answer after {answerTime(row.medianHoursToAnswer)} (median)
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <div className={cn(cardClass, 'mt-2 hidden overflow-x-auto sm:block')}>
            <table className="w-full text-sm tabular-nums">
              <thead className="border-b border-cream-200 text-xs font-bold tracking-wide text-wood-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2.5 text-left">
                    {title.replace('By ', '')}
                  </th>
                  <th scope="col" className="px-2 py-2.5 text-right">
                    Requests
                  </th>
                  {statusColumns.map(([key, label]) => (
                    <th key={key} scope="col" className="px-2 py-2.5 text-right">
                      {label}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-2.5 text-right">
                    Close rate
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-right">
                    First answer
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className="border-b border-cream-100 last:border-0">
                    <th scope="row" className="w-1/3 px-4 py-2.5 text-left font-semibold text-pine-900">
                      {row.key}
                      <Bar row={row} most={most} withTaps={false} />
                    </th>
                    <td className="px-2 py-2.5 text-right font-semibold">{row.requests}</td>
                    {statusColumns.map(([key]) => (
                      <td
                        key={key}
                        className={cn('px-2 py-2.5 text-right', key === 'won' && 'font-semibold text-pine-800')}
                      >
                        {row[key]}
                      </td>
                    ))}
                    <td className="px-2 py-2.5 text-right">{percent(row.wonRate)}</td>
                    <td className="px-4 py-2.5 text-right">{answerTime(row.medianHoursToAnswer)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function Count({ label, value }: { label: string; value: number | string }) {
  return (
    <div>
      <dt className="text-[0.65rem] font-bold tracking-wide text-wood-700 uppercase">{label}</dt>
      <dd className="font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}
