// How the estimate windows read for people, in Arizona time (UTC-7 all year): the booking page,
// the e-mails, the owner's app. Intl with the IANA zone, as shared/arizona-time.ts.
import { arizonaFormat, plainSpaces as plain } from './arizona-time';

const dayFormat = arizonaFormat({ weekday: 'long', month: 'long', day: 'numeric' });
const shortDayFormat = arizonaFormat({ weekday: 'short', month: 'short', day: 'numeric' });
const timeFormat = arizonaFormat({ hour: 'numeric', minute: '2-digit' });

/** `Tuesday, December 1`. */
export const visitDay = (date: Date) => plain(dayFormat.format(date));
/** `Tue, Dec 1`. */
export const visitShortDay = (date: Date) => plain(shortDayFormat.format(date));
/** `8:00 AM`. */
export const visitTime = (date: Date) => plain(timeFormat.format(date));

/** `8:00 – 9:30 AM`, or `11:00 AM – 12:30 PM` across noon. */
export function visitTimeRange(start: Date, end: Date): string {
  const [from, to] = [visitTime(start), visitTime(end)];
  const [fromClock, fromHalf] = from.split(' ');
  return fromHalf === to.split(' ')[1] ? `${fromClock} – ${to}` : `${from} – ${to}`;
}

/** `Tuesday, December 1, 8:00 – 9:30 AM`. */
export const visitWhen = (start: Date, end: Date) => `${visitDay(start)}, ${visitTimeRange(start, end)}`;

/** The windows grouped by Arizona day, in order: `[{ day: 'Tuesday, December 1', slots }]`. */
export function groupByDay<T extends { start: string }>(slots: readonly T[]): { day: string; slots: T[] }[] {
  const groups: { day: string; slots: T[] }[] = [];
  for (const slot of slots) {
    const day = visitDay(new Date(slot.start));
    const last = groups[groups.length - 1];
    if (last?.day === day) last.slots.push(slot);
    else groups.push({ day, slots: [slot] });
  }
  return groups;
}

/** How long a window is, as people say it: `90 minutes`, `1 hour`, `2 hours`. */
export function visitLength(start: Date, end: Date): string {
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  if (minutes >= 60 && minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
