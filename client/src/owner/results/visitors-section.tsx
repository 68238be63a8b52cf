import { useId, useState, type ReactNode } from 'react';
import { arizonaDay } from '@shared/arizona-time';
import type { Visitors } from '@shared/schemas/visitors';
import { cn } from '@/lib/utils';
import { LoadFailed } from '../app/feedback';
import { useSessionEndedBy } from '../app/owner-api';
import { controlClass, labelClass, cardClass } from '../app/styles';
import { useVisitors } from './results-api';
import { formatShortDay, VisitorsChart } from './visitors-chart';
import { VisitorsFunnel } from './visitors-funnel';
import { visitorDays, visitorPeriodLabels, type VisitorPeriod } from './visitor-periods';

/**
 * Visitors: who came to the site, from where, what they read, and how many of them became quote
 * requests, estimates, won jobs and money, for this week, the last 30 days, a month or a range.
 */
export function VisitorsSection() {
  const id = useId();
  const today = arizonaDay(new Date());
  const [period, setPeriod] = useState<VisitorPeriod>({ kind: '30-days' });
  const { from, to } = visitorDays(period);
  const visitors = useVisitors(from, to);
  useSessionEndedBy(visitors.error);
  const data = visitors.data;

  const choose = (kind: VisitorPeriod['kind']) =>
    setPeriod(kind === 'month' ? { kind, month: today.slice(0, 7) } : kind === 'range' ? { kind, from, to } : { kind });

  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold">
        Visitors
      </h2>
      <p className="mt-1 text-sm text-ink-soft">People on your site, where they came from, and what became of them.</p>

      <div role="group" aria-label="Visitors period" className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:w-max">
        {(Object.keys(visitorPeriodLabels) as VisitorPeriod['kind'][]).map((kind) => (
          <button
            key={kind}
            type="button"
            aria-pressed={period.kind === kind}
            onClick={() => choose(kind)}
            className={cn(
              'flex h-10 items-center justify-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
              period.kind === kind
                ? 'border-pine-800 bg-pine-800 text-white'
                : 'border-ink-muted/40 bg-white text-pine-900 hover:border-pine-800',
            )}
          >
            {visitorPeriodLabels[kind]}
          </button>
        ))}
      </div>
      {period.kind === 'month' ? (
        <DayField label="Month">
          {(fieldId) => (
            <input
              id={fieldId}
              type="month"
              value={period.month}
              max={today.slice(0, 7)}
              onChange={(event) => event.target.value && setPeriod({ kind: 'month', month: event.target.value })}
              className={cn(controlClass, 'h-11 px-3')}
            />
          )}
        </DayField>
      ) : null}
      {period.kind === 'range' ? (
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex">
          {(['from', 'to'] as const).map((end) => (
            <DayField key={end} label={end === 'from' ? 'From' : 'To'} inline>
              {(fieldId) => (
                <input
                  id={fieldId}
                  type="date"
                  value={period[end]}
                  max={today}
                  onChange={(event) => event.target.value && setPeriod({ ...period, [end]: event.target.value })}
                  className={cn(controlClass, 'h-11 px-3')}
                />
              )}
            </DayField>
          ))}
        </div>
      ) : null}

      <p role="status" className="mt-3 text-sm text-ink-muted">
        {data
          ? `${from === to ? formatShortDay(from) : `${formatShortDay(from)} – ${formatShortDay(to)}`}, Arizona time.`
          : visitors.isPending
            ? 'Loading…'
            : ''}
      </p>
      {visitors.isError && !data ? <LoadFailed error={visitors.error} onRetry={() => void visitors.refetch()} /> : null}
      {data ? <VisitorsBody data={data} /> : null}
    </section>
  );
}

function DayField({
  label,
  inline,
  children,
}: {
  label: string;
  inline?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn(inline ? 'min-w-0' : 'mt-3 max-w-xs')}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1">{children(id)}</div>
    </div>
  );
}

function VisitorsBody({ data }: { data: Visitors }) {
  const visitors = data.days.reduce((sum, day) => sum + day.visitors, 0);
  const views = data.days.reduce((sum, day) => sum + day.views, 0);
  const quotes = data.sources.reduce((sum, row) => sum + row.quotes, 0);
  return (
    <>
      <dl className="mt-2 grid grid-cols-3 gap-2 sm:max-w-xl">
        <Tile label="Visitors" value={visitors} />
        <Tile label="Page views" value={views} />
        <Tile label="Quote requests" value={quotes} />
      </dl>
      <div className={cn(cardClass, 'mt-3 p-3 sm:p-4')}>
        <VisitorsChart days={data.days} />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <TopList
          title="Top pages"
          empty="No pages viewed in these days."
          rows={data.pages.map((page) => ({ name: page.path, count: page.views, unit: 'view' }))}
        />
        <TopList
          title="Top sources"
          empty="No visitors in these days."
          rows={data.sources
            .filter((row) => row.visitors > 0)
            .map((row) => ({ name: row.source, count: row.visitors, unit: 'visitor' }))}
        />
      </div>
      <h3 className="mt-5 text-lg font-bold">From visitor to paid job, by source</h3>
      <p className="mt-1 text-sm text-ink-soft">Under each step, the share of the step before that got that far.</p>
      {data.sources.length === 0 ? (
        <p className={cn(cardClass, 'mt-2 p-4 text-ink-muted')}>Nothing in these days.</p>
      ) : (
        <VisitorsFunnel rows={data.sources} />
      )}
      <p className="mt-3 text-sm text-ink-muted">
        Over several days, visitors are the sum of each day’s visitors: someone who came on Monday and again on Tuesday
        counts twice. A visitor counts under where they came from on their first page of the day. Quotes, estimates, won
        jobs and money collected are those of the requests that came in on these days, by the source each request is
        credited to. Nobody who asked not to be tracked, and not you while signed in, is counted.
      </p>
    </>
  );
}

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <div className={cn(cardClass, 'px-3 py-2.5')}>
      <dt className="text-xs font-bold tracking-wide text-wood-700 uppercase">{label}</dt>
      <dd className="mt-0.5 font-display text-2xl font-bold text-pine-900 tabular-nums">{value}</dd>
    </div>
  );
}

function TopList({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: { name: string; count: number; unit: string }[];
}) {
  const most = Math.max(1, ...rows.map((row) => row.count));
  return (
    <div>
      <h3 className="text-lg font-bold">{title}</h3>
      {rows.length === 0 ? (
        <p className={cn(cardClass, 'mt-2 p-4 text-ink-muted')}>{empty}</p>
      ) : (
        <ol aria-label={title} className={cn(cardClass, 'mt-2 divide-y divide-cream-100')}>
          {rows.map((row) => (
            <li key={row.name} className="relative px-3 py-2">
              <span
                aria-hidden
                className="absolute inset-y-1 left-1 rounded bg-pine-50"
                style={{ width: `calc(${(row.count / most) * 100}% - 0.5rem)` }}
              />
              <span className="relative flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-semibold text-pine-900">{row.name}</span>
                <span className="shrink-0 tabular-nums text-ink-soft">
                  {row.count} {row.count === 1 ? row.unit : `${row.unit}s`}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
