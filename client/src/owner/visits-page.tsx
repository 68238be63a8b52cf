import { CalendarClock, CalendarOff, Check, Copy, MapPin, Phone, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { visitPlace, weekdayNames, type OwnerVisit, type VisitBlock, type VisitSettings } from '@shared/schemas/visits';
import { visitShortDay, visitTimeRange, visitWhen } from '@shared/visit-time';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage } from './api';
import { BackToInbox } from './inbox-page';
import { phoneTarget } from './parts';
import { cardClass, controlClass, labelClass } from './styles';
import {
  useAddBlock,
  useCalendarFeed,
  useRemoveBlock,
  useRevokeCalendarFeed,
  useSaveVisitSettings,
  useUpcomingVisits,
  useVisitSettings,
} from './visits-api';

/**
 * /owner/visits: the estimate visits homeowners booked, when they may book them (weekly hours,
 * days off, how far ahead, least notice), and the private calendar feed for the owner's phone.
 */
export function VisitsPage() {
  return (
    <>
      <BackToInbox />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">Estimate visits</h1>
      <p className="mt-1 text-ink-muted">
        After sending a request, homeowners pick a time for the free on-site estimate. All times are Arizona time.
      </p>
      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <div className="grid content-start gap-5">
          <UpcomingVisits />
          <CalendarFeedCard />
        </div>
        <div className="grid content-start gap-5">
          <WindowsCard />
          <DaysOffCard />
        </div>
      </div>
    </>
  );
}

function UpcomingVisits() {
  const visits = useUpcomingVisits();
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn(cardClass, 'p-5')}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
        <CalendarClock aria-hidden="true" className="size-5 text-wood-700" />
        Upcoming visits
      </h2>
      {visits.isPending ? <p className="mt-2 text-ink-muted">Loading…</p> : null}
      {visits.isError ? <p className="mt-2 text-rim-700">{errorMessage(visits.error)}</p> : null}
      {visits.data && visits.data.length === 0 ? (
        <p className="mt-2 text-ink-muted">No visits booked yet. They show up here the moment a homeowner books one.</p>
      ) : null}
      {visits.data && visits.data.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-3">
          {visits.data.map((visit) => (
            <li key={visit.id}>
              <VisitCard visit={visit} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function VisitCard({ visit, showRequestLink = true }: { visit: OwnerVisit; showRequestLink?: boolean }) {
  const start = new Date(visit.start);
  const end = new Date(visit.end);
  return (
    <div className="rounded-lg border border-cream-200 bg-cream-50 p-4">
      <p className="font-display text-base font-bold text-pine-900">
        {visitShortDay(start)}, {visitTimeRange(start, end)}
      </p>
      <p className="mt-1 font-semibold text-ink">
        {showRequestLink ? (
          <Link href={`/requests/${visit.requestId}`} className="underline underline-offset-4 hover:text-rim-600">
            {visit.name}
          </Link>
        ) : (
          visit.name
        )}{' '}
        <span className="font-normal text-ink-soft">
          · {visit.projectType} in {visit.city}
        </span>
      </p>
      <p className="mt-1 flex items-start gap-1.5 text-ink-soft">
        <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
        <a
          href={`https://maps.google.com/?q=${encodeURIComponent(`${visit.address.trim() ? `${visit.address}, ` : ''}${visit.city}, AZ`)}`}
          className="underline underline-offset-4"
          target="_blank"
          rel="noreferrer"
        >
          {visitPlace(visit.address, visit.city)}
        </a>
      </p>
      <p className="mt-1 flex items-center gap-1.5 text-ink-soft">
        <Phone aria-hidden="true" className="size-4 shrink-0" />
        <a href={`tel:${phoneTarget(visit.phone)}`} className="underline underline-offset-4">
          {visit.phone}
        </a>
      </p>
    </div>
  );
}

/** The request page's section: the visit the homeowner booked, or that none was. */
export function RequestVisitSection({ visit }: { visit: OwnerVisit | null }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn(cardClass, 'p-5')}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
        <CalendarClock aria-hidden="true" className="size-5 text-wood-700" />
        Estimate visit
      </h2>
      {!visit ? (
        <p className="mt-2 text-ink-muted">Not booked. The homeowner can pick a time from the link in the receipt.</p>
      ) : visit.status === 'cancelled' ? (
        <p className="mt-2 text-ink-soft">
          Cancelled by the homeowner (was {visitWhen(new Date(visit.start), new Date(visit.end))}).
        </p>
      ) : (
        <div className="mt-3">
          <VisitCard visit={visit} showRequestLink={false} />
        </div>
      )}
    </section>
  );
}

const toHours = (settings: VisitSettings) =>
  weekdayNames.map((_, day) => {
    const hours = settings.weekly.find((entry) => entry.day === day);
    return { on: Boolean(hours), from: hours?.from ?? '08:00', to: hours?.to ?? '16:00' };
  });

function WindowsCard() {
  const query = useVisitSettings();
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn(cardClass, 'p-5')}>
      <h2 id={id} className="text-lg font-bold">
        Hours for visits
      </h2>
      <p className="mt-1 text-ink-muted">
        The days and hours homeowners may book. Booked times are never offered twice.
      </p>
      {query.data ? <WindowsForm settings={query.data.settings} /> : <p className="mt-2 text-ink-muted">Loading…</p>}
    </section>
  );
}

function WindowsForm({ settings }: { settings: VisitSettings }) {
  const save = useSaveVisitSettings();
  const [hours, setHours] = useState(() => toHours(settings));
  const [windowMinutes, setWindowMinutes] = useState(settings.windowMinutes);
  const [horizonDays, setHorizonDays] = useState(settings.horizonDays);
  const [noticeHours, setNoticeHours] = useState(settings.noticeHours);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const weekly = hours.flatMap((entry, day) => (entry.on ? [{ day, from: entry.from, to: entry.to }] : []));
    save.mutate(
      { weekly, windowMinutes, horizonDays, noticeHours },
      {
        onSuccess: () => toast({ title: 'Visit hours saved', description: 'Homeowners see the new times at once.' }),
        onError: (error) => toast({ title: 'Not saved', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 grid gap-4">
      <fieldset className="grid gap-2">
        <legend className={labelClass}>Weekly hours</legend>
        {hours.map((entry, day) => (
          <div
            key={weekdayNames[day]}
            className="grid grid-cols-2 items-center gap-x-2 gap-y-1 sm:grid-cols-[8.25rem_1fr_1fr]"
          >
            <label className="col-span-2 flex min-h-11 items-center gap-2 font-semibold text-ink sm:col-span-1">
              <input
                type="checkbox"
                checked={entry.on}
                onChange={(event) =>
                  setHours(hours.map((h, i) => (i === day ? { ...h, on: event.target.checked } : h)))
                }
                className="size-5 shrink-0 accent-pine-700"
              />
              {weekdayNames[day]}
            </label>
            <input
              type="time"
              aria-label={`${weekdayNames[day]} from`}
              value={entry.from}
              disabled={!entry.on}
              onChange={(event) => setHours(hours.map((h, i) => (i === day ? { ...h, from: event.target.value } : h)))}
              className={cn(controlClass, 'h-11 min-w-0 px-2 disabled:opacity-50')}
            />
            <input
              type="time"
              aria-label={`${weekdayNames[day]} until`}
              value={entry.to}
              disabled={!entry.on}
              onChange={(event) => setHours(hours.map((h, i) => (i === day ? { ...h, to: event.target.value } : h)))}
              className={cn(controlClass, 'h-11 min-w-0 px-2 disabled:opacity-50')}
            />
          </div>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberSelect
          label="Each visit"
          value={windowMinutes}
          onChange={setWindowMinutes}
          options={[60, 90, 120, 180].map((m) => [m, m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`])}
        />
        <NumberSelect
          label="How far ahead"
          value={horizonDays}
          onChange={setHorizonDays}
          options={[7, 14, 21, 28, 42, 56].map((d) => [d, `${d / 7} ${d === 7 ? 'week' : 'weeks'}`])}
        />
        <NumberSelect
          label="Least notice"
          value={noticeHours}
          onChange={setNoticeHours}
          options={[2, 4, 12, 24, 48].map((h) => [h, `${h} hours`])}
        />
      </div>
      <Button type="submit" variant="secondary" className="justify-self-start" disabled={save.isPending}>
        <Check aria-hidden="true" />
        Save visit hours
      </Button>
    </form>
  );
}

function NumberSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  options: [number, string][];
}) {
  const id = useId();
  const all = options.some(([v]) => v === value) ? options : [...options, [value, String(value)] as [number, string]];
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className={cn(controlClass, 'mt-1 h-11 px-2')}
      >
        {all.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function describeBlock(block: VisitBlock): string {
  const start = new Date(block.start);
  const end = new Date(block.end);
  const wholeDays = block.start.slice(11, 16) === '00:00' && block.end.slice(11, 16) === '00:00';
  if (!wholeDays) return `${visitShortDay(start)}, ${visitTimeRange(start, end)}`;
  const lastDay = new Date(end.getTime() - 24 * 3600_000);
  return visitShortDay(start) === visitShortDay(lastDay)
    ? `${visitShortDay(start)}, all day`
    : `${visitShortDay(start)} – ${visitShortDay(lastDay)}, all day`;
}

function DaysOffCard() {
  const query = useVisitSettings();
  const add = useAddBlock();
  const remove = useRemoveBlock();
  const id = useId();
  const [date, setDate] = useState('');
  const [untilDate, setUntilDate] = useState('');
  const [wholeDay, setWholeDay] = useState(true);
  const [from, setFrom] = useState('08:00');
  const [to, setTo] = useState('12:00');
  const [note, setNote] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      wholeDay
        ? { date, ...(untilDate ? { untilDate } : {}), ...(note ? { note } : {}) }
        : { date, from, to, ...(note ? { note } : {}) },
      {
        onSuccess: () => {
          setDate('');
          setUntilDate('');
          setNote('');
          toast({ title: 'Blocked', description: 'No visits will be offered then.' });
        },
        onError: (error) => toast({ title: 'Not blocked', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const blocks = query.data?.blocks ?? [];
  return (
    <section aria-labelledby={id} className={cn(cardClass, 'p-5')}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
        <CalendarOff aria-hidden="true" className="size-5 text-wood-700" />
        Days off and blocked times
      </h2>
      {blocks.length === 0 ? <p className="mt-1 text-ink-muted">None coming up.</p> : null}
      {blocks.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-2">
          {blocks.map((block) => (
            <li
              key={block.id}
              className="flex items-center justify-between gap-3 rounded-lg border border-cream-200 bg-cream-50 py-1 pr-1 pl-3"
            >
              <span>
                <span className="font-semibold text-ink">{describeBlock(block)}</span>
                {block.note ? <span className="text-ink-soft"> · {block.note}</span> : null}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${describeBlock(block)}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(block.id)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid gap-3">
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${id}-date`} className={labelClass}>
              {wholeDay ? 'First day off' : 'Day'}
            </label>
            <input
              id={`${id}-date`}
              type="date"
              required
              value={date}
              onChange={(event) => setDate(event.target.value)}
              className={cn(controlClass, 'mt-1 h-11 px-2')}
            />
          </div>
          {wholeDay ? (
            <div>
              <label htmlFor={`${id}-until`} className={labelClass}>
                Last day off (optional)
              </label>
              <input
                id={`${id}-until`}
                type="date"
                min={date || undefined}
                value={untilDate}
                onChange={(event) => setUntilDate(event.target.value)}
                className={cn(controlClass, 'mt-1 h-11 px-2')}
              />
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <div>
                <label htmlFor={`${id}-from`} className={labelClass}>
                  From
                </label>
                <input
                  id={`${id}-from`}
                  type="time"
                  value={from}
                  onChange={(event) => setFrom(event.target.value)}
                  className={cn(controlClass, 'mt-1 h-11 px-1')}
                />
              </div>
              <div>
                <label htmlFor={`${id}-to`} className={labelClass}>
                  Until
                </label>
                <input
                  id={`${id}-to`}
                  type="time"
                  value={to}
                  onChange={(event) => setTo(event.target.value)}
                  className={cn(controlClass, 'mt-1 h-11 px-1')}
                />
              </div>
            </div>
          )}
        </div>
        <label className="flex min-h-11 items-center gap-2 font-semibold text-ink">
          <input
            type="checkbox"
            checked={wholeDay}
            onChange={(event) => setWholeDay(event.target.checked)}
            className="size-5 shrink-0 accent-pine-700"
          />
          Whole day
        </label>
        <div>
          <label htmlFor={`${id}-note`} className={labelClass}>
            Note (optional)
          </label>
          <input
            id={`${id}-note`}
            type="text"
            maxLength={200}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder="Vacation, supplier visit…"
            className={cn(controlClass, 'mt-1 h-11 px-3')}
          />
        </div>
        <Button type="submit" variant="outline" className="justify-self-start" disabled={add.isPending}>
          <CalendarOff aria-hidden="true" />
          Block this time
        </Button>
      </form>
    </section>
  );
}

const calendarApps = [
  {
    name: 'Google Calendar',
    steps:
      'On a computer, open Google Calendar, click + beside “Other calendars”, choose “From URL”, paste the address and click “Add calendar”. It shows on your phone too.',
  },
  {
    name: 'Apple Calendar (iPhone)',
    steps:
      'Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar, paste the address, tap Next and Save.',
  },
  {
    name: 'Outlook',
    steps:
      'In Outlook on the web: Add calendar → Subscribe from web, paste the address, name it “Estimate visits” and click Import.',
  },
];

function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const id = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const url = feed.data?.url ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the address and copy it by hand.',
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={id} className={cn(cardClass, 'p-5')}>
      <h2 id={id} className="text-lg font-bold">
        Your calendar
      </h2>
      <p className="mt-1 text-ink-soft">
        Subscribe to this private address in your phone’s calendar: every booked visit shows there with the homeowner’s
        name, phone, town and project, and cancelled ones go away. Keep it to yourself.
      </p>
      <label htmlFor={`${id}-url`} className={cn(labelClass, 'mt-3')}>
        Calendar address
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-url`}
          readOnly
          value={feed.isPending ? 'Loading…' : url}
          onFocus={(event) => event.target.select()}
          className={cn(controlClass, 'h-11 min-w-0 px-3 font-mono text-sm')}
        />
        <Button type="button" variant="secondary" onClick={() => void copy()} disabled={!url}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      <ul className="mt-4 flex flex-col gap-3">
        {calendarApps.map((app) => (
          <li key={app.name}>
            <p className="font-semibold text-pine-900">{app.name}</p>
            <p className="text-sm text-ink-soft">{app.steps}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-ink-muted">
        Calendars check for new visits every few hours (Google: up to a day). Shared the address by mistake? Make a new
        one: the old one stops working, and you subscribe again with the new one.
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(undefined, {
            onSuccess: () => toast({ title: 'New calendar address', description: 'The old one no longer works.' }),
            onError: (error) =>
              toast({ title: 'Not changed', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      >
        <RefreshCw aria-hidden="true" />
        Make a new address
      </Button>
    </section>
  );
}
