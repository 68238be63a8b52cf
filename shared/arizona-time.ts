// The library here is Intl.DateTimeFormat with the IANA zone, built into Node and every browser:
// date-fns-tz or Luxon would wrap the same calls and add to the owner's app bundle.
/** The business is in Arizona, which keeps Mountain Standard Time all year (no daylight saving). */
const arizonaTimeZone = 'America/Phoenix';

/** An American English format of dates and times in Arizona. */
export const arizonaFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: arizonaTimeZone, ...options });

/**
 * What a date that is not one reads as. A stored value can be anything a stranger managed to send,
 * and a formatter that throws would blank the owner's page (Intl throws on an invalid Date).
 */
export const unknownTime = 'unknown time';
const isValidDate = (date: Date) => Number.isFinite(date.getTime());

const partsOf = (date: Date, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    arizonaFormat(options)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;

/** `2026-05-04 14:03`: sortable, for spreadsheets. */
export function arizonaDateTime(date: Date): string {
  if (!isValidDate(date)) return unknownTime;
  const p = partsOf(date, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const longDateTime = arizonaFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** `Mon, May 4, 2026, 2:03 PM`: for people. */
export function arizonaLongDateTime(date: Date): string {
  return isValidDate(date) ? longDateTime.format(date) : unknownTime;
}

// Some ICU versions put a narrow no-break space before AM/PM: a PDF font or a plain-text reader may not have it.
/** Newer ICU puts a narrow no-break space before AM/PM; plain spaces read (and match) the same everywhere. */
export const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const writtenDayFormat = arizonaFormat({ year: 'numeric', month: 'long', day: 'numeric' });
const clockFormat = arizonaFormat({ hour: 'numeric', minute: '2-digit' });

/** `December 3, 2026`: the day in Arizona of an instant, as a letter or a contract writes it. */
export function arizonaWrittenDay(date: Date): string {
  return isValidDate(date) ? writtenDayFormat.format(date) : unknownTime;
}

/**
 * `December 3, 2026, 8:05 PM Arizona time`: an instant for a homeowner's page, paper or e-mail,
 * which she may read in another time zone, so the zone is named.
 */
export function arizonaWrittenTime(date: Date): string {
  if (!isValidDate(date)) return unknownTime;
  return plainSpaces(`${writtenDayFormat.format(date)}, ${clockFormat.format(date)} Arizona time`);
}

/** `2026-12-27` -> `December 27, 2026`: a calendar day (Valid until), which no time zone shifts. */
export function longDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * How long ago, the way one says it: `just now`, `12 min ago`, `3 h ago`, `yesterday, 2:03 PM`,
 * then the date (`May 4, 2:03 PM`, with the year once it is another year), all in Arizona time.
 */
export function receivedAgo(date: Date, now: Date = new Date()): string {
  if (!isValidDate(date) || !isValidDate(now)) return unknownTime;
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 12 * 60) return `${Math.floor(minutes / 60)} h ago`;
  const day = (value: Date) => partsOf(value, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = arizonaFormat({ hour: 'numeric', minute: '2-digit' });
  const [then, today] = [day(date), day(now)];
  const yesterday = day(new Date(now.getTime() - 24 * 3600_000));
  const sameDay = (a: Record<string, string>, b: Record<string, string>) =>
    a.year === b.year && a.month === b.month && a.day === b.day;
  if (sameDay(then, today)) return `today, ${time.format(date)}`;
  if (sameDay(then, yesterday)) return `yesterday, ${time.format(date)}`;
  return arizonaFormat({
    month: 'short',
    day: 'numeric',
    ...(then.year === today.year ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** The Arizona calendar day of `date`: `2026-05-04`. */
export function arizonaDay(date: Date): string {
  const p = partsOf(date, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

/** Arizona's offset from UTC, the same all year: visit windows are written with it (`2026-05-04T08:00:00-07:00`). */
export const arizonaOffset = '-07:00';
export const arizonaOffsetMs = -7 * 3600_000;

/** `2026-05-04T08:00:00-07:00`: the instant in ISO 8601 with Arizona's offset. */
export function arizonaIso(date: Date): string {
  const local = new Date(date.getTime() + arizonaOffsetMs);
  return `${local.toISOString().slice(0, 19)}${arizonaOffset}`;
}

/*
 * Calendar days written `YYYY-MM-DD` (a due date, a report's first and last day): no time zone
 * shifts them, so their arithmetic is done on UTC midnights.
 */
const dayMs = 86_400_000;
const midnightOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** `2026-12-31` and 1: `2027-01-01`. */
export const calendarDayPlus = (day: string, days: number) =>
  new Date(midnightOf(day) + days * dayMs).toISOString().slice(0, 10);

/** Days from `from` to `to` (0 when they are the same day, less than 0 when `to` comes first). */
export const calendarDaysBetween = (from: string, to: string) =>
  Math.round((midnightOf(to) - midnightOf(from)) / dayMs);

/** A `YYYY-MM-DD` that is on the calendar: not 2026-02-30. */
export function isCalendarDay(value: string): boolean {
  const midnight = midnightOf(value);
  return !Number.isNaN(midnight) && new Date(midnight).toISOString().slice(0, 10) === value;
}
