import { CalendarClock, Camera, ChevronRight, CircleHelp, Clock, Download, Search, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  inboxFilters,
  inboxQuerySchema,
  statusLabels,
  type InboxFilter,
  type InboxItem,
} from '@shared/schemas/owner-inbox';
import { unknownSource } from '@shared/lead-source-name';
import { visitShortDay, visitTime } from '@shared/visit-time';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { OverdueInvoices } from '../invoices';
import { LoadFailed } from '../app/feedback';
import { photoHref, useSessionEndedBy } from '../app/owner-api';
import { exportCsvHref, inboxSearch, useInbox } from './requests-api';
import { NotificationsCard, SignOutEverywhereCard } from '../account';
import { rememberListSearch } from '../app/back-to-inbox';
import { ReceivedTime, StatusBadge, useNow } from '../app/parts';
import { SpeedSummary, waitText } from '../results';
import { LaunchList } from '../settings';
import { NumberThreads } from '../texts';
import { cardClass, controlClass, labelClass } from '../app/styles';

const filterLabel = (filter: InboxFilter) => (filter === 'all' ? 'All' : statusLabels[filter]);

/** Newest first, filtered by status and searched; each request links to its page. */
export function InboxPage() {
  const { status: filter, q, source } = inboxQuerySchema.parse(Object.fromEntries(new URLSearchParams(useSearch())));
  const [, navigate] = useLocation();
  const inbox = useInbox(filter, q, source);
  const sourceId = useId();
  const now = useNow();
  const headingId = useId();

  useEffect(() => {
    rememberListSearch(inboxSearch(filter, q, source));
  }, [filter, q, source]);
  useSessionEndedBy(inbox.error);

  const go = (next: { filter?: InboxFilter; q?: string; source?: string }) =>
    navigate(`~/owner?${inboxSearch(next.filter ?? filter, next.q ?? q, next.source ?? source)}`);

  const list = inbox.data;
  const summary = list
    ? `${list.total} ${list.total === 1 ? 'request' : 'requests'}${filter === 'all' ? '' : filter === 'new' ? ' marked New or with a question waiting' : ` marked ${filterLabel(filter)}`}${source ? ` from ${source}` : ''}${q ? ` matching “${q}”` : ''}`
    : '';

  return (
    <>
      <LaunchList />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id={headingId} className="text-2xl font-bold sm:text-3xl">
          Quote requests
        </h1>
        <div className="flex flex-wrap gap-2">
          <a
            href={exportCsvHref(filter, q, source)}
            download
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </div>
      </div>

      {list ? <SpeedSummary speed={list.speed} /> : null}
      <OverdueInvoices />

      <SearchForm key={q} initial={q} onSearch={(next) => go({ q: next })} />

      <nav aria-label="Filter by status" className="-mx-4 mt-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-2 pb-1">
          {inboxFilters.map((option) => {
            const current = option === filter;
            const count = option === 'all' ? undefined : list?.counts[option];
            return (
              <li key={option}>
                <Link
                  href={`~/owner?${inboxSearch(option, q, source)}`}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-10 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                    current
                      ? 'border-pine-800 bg-pine-800 text-white'
                      : 'border-ink-muted/40 bg-white text-pine-900 hover:border-pine-800',
                  )}
                >
                  {filterLabel(option)}
                  {count !== undefined && count > 0 ? (
                    // The count is for the eye: the link's name stays the filter's own.
                    <span
                      aria-hidden="true"
                      className={cn(
                        'rounded-full px-1.5 text-xs',
                        current ? 'bg-white/20' : 'bg-cream-100 text-ink-soft',
                      )}
                    >
                      {count}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-3 flex items-center gap-2">
        <label htmlFor={sourceId} className={cn(labelClass, 'shrink-0')}>
          Source
        </label>
        <select
          id={sourceId}
          value={source}
          onChange={(event) => go({ source: event.target.value })}
          className={cn(controlClass, 'h-10 max-w-xs px-3 text-sm')}
        >
          <option value="">All sources</option>
          {sourceChoices(list?.sources ?? [], source).map((choice) => (
            <option key={choice.name} value={choice.name}>
              {choice.count === undefined ? choice.name : `${choice.name} (${choice.count})`}
            </option>
          ))}
        </select>
      </div>

      <p role="status" className="mt-4 text-sm text-ink-muted">
        {inbox.isPending ? 'Loading…' : summary}
        {list && list.total > list.items.length ? ` (the newest ${list.items.length} are shown)` : ''}
      </p>

      {inbox.isError && !list ? <LoadFailed error={inbox.error} onRetry={() => void inbox.refetch()} /> : null}

      {list && list.items.length === 0 ? (
        <div className={cn(cardClass, 'mt-3 p-8 text-center')}>
          <p className="font-display text-lg font-bold text-pine-900">
            {q || source || filter !== 'all' ? 'Nothing matches.' : 'No requests yet.'}
          </p>
          <p className="mt-1 text-ink-muted">
            {q || source || filter !== 'all'
              ? 'Try another filter, or clear the search.'
              : 'Requests from the quote form show up here the moment they are sent.'}
          </p>
        </div>
      ) : null}

      {list && list.items.length > 0 ? (
        <ul aria-labelledby={headingId} className="mt-3 flex flex-col gap-3">
          {list.items.map((item) => (
            <li key={item.id}>
              <RequestCard item={item} now={now} />
            </li>
          ))}
        </ul>
      ) : null}

      <NumberThreads />
      <NotificationsCard />
      <SignOutEverywhereCard />
    </>
  );
}

/** The sources with requests, then requests without one; the chosen source stays listed even with none left. */
function sourceChoices(sources: { name: string; count: number }[], chosen: string) {
  const choices: { name: string; count?: number }[] = [...sources, { name: unknownSource }];
  if (chosen && !choices.some((choice) => choice.name === chosen)) choices.push({ name: chosen });
  return choices;
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="mt-4 flex gap-2">
      <label htmlFor={id} className="sr-only">
        Search names, phone numbers, e-mails, cities and messages
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted"
        />
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Name, phone, city…"
          className={cn(controlClass, 'h-11 pr-3 pl-10 [&::-webkit-search-cancel-button]:hidden')}
        />
      </div>
      {initial ? (
        <Button type="button" variant="ghost" size="icon" aria-label="Clear search" onClick={() => onSearch('')}>
          <X aria-hidden="true" />
        </Button>
      ) : null}
      <Button type="submit" variant="secondary" size="md">
        Search
      </Button>
    </form>
  );
}

function RequestCard({ item, now }: { item: InboxItem; now: Date }) {
  return (
    <Link
      href={`/requests/${item.id}`}
      className={cn(
        cardClass,
        'group flex items-center gap-3 p-3 transition-colors hover:border-pine-300 hover:bg-pine-50 sm:gap-4 sm:p-4',
      )}
    >
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-cream-100 sm:size-20">
        {item.hasPhoto ? (
          <img src={photoHref(item.id)} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        ) : (
          <Camera aria-hidden="true" className="size-6 text-ink-muted/50" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h2 className="truncate font-sans text-base font-bold text-pine-900 sm:text-lg">{item.name}</h2>
          <StatusBadge status={item.status} answered={item.firstAnsweredAt !== null} className="shrink-0" />
        </div>
        <p className="truncate text-sm text-ink-soft sm:text-base">
          {item.projectType} · {item.city}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
          <span>{item.budgetRange}</span>
          <span aria-hidden="true">·</span>
          <ReceivedTime iso={item.createdAt} now={now} />
          {item.source !== unknownSource ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{item.source}</span>
            </>
          ) : null}
          {item.hasPhoto ? <span className="sr-only">, with a photo</span> : null}
        </p>
        {item.visit ? (
          <p className="mt-0.5 flex items-center gap-1 text-sm font-semibold text-pine-800">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
            Visit {visitShortDay(new Date(item.visit.start))}, {visitTime(new Date(item.visit.start))}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-x-2">
          {item.questionAt ? <QuestionMark since={item.questionAt} now={now} /> : null}
          {item.status === 'new' && !item.firstAnsweredAt ? <Waiting since={item.createdAt} now={now} /> : null}
        </div>
      </div>
      <ChevronRight
        aria-hidden="true"
        className="hidden size-5 shrink-0 text-ink-muted group-hover:text-pine-800 sm:block"
      />
    </Link>
  );
}

/** The homeowner asked a question on her estimate that waits for his answer, and since when. */
function QuestionMark({ since, now }: { since: string; now: Date }) {
  return (
    <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-wood-200 px-2 py-0.5 text-xs font-bold text-wood-900">
      <CircleHelp aria-hidden="true" className="size-3.5" />
      Question · {waitText((now.getTime() - Date.parse(since)) / 60_000)}
    </p>
  );
}

/** How long a New request has waited for its first answer: amber within the hour, red after it. */
function Waiting({ since, now }: { since: string; now: Date }) {
  const minutes = (now.getTime() - Date.parse(since)) / 60_000;
  return (
    <p
      className={cn(
        'mt-1 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold',
        minutes >= 60 ? 'bg-rim-600/10 text-rim-700' : 'bg-wood-100 text-wood-800',
      )}
    >
      <Clock aria-hidden="true" className="size-3.5" />
      Waiting {waitText(minutes)}
    </p>
  );
}
