import { arizonaOffsetMs } from '@shared/arizona-time';
import type { VisitSettings } from '@shared/schemas/visits';

export interface Window {
  start: Date;
  end: Date;
}

export interface Span {
  start: Date;
  end: Date;
}

const dayMs = 24 * 3600_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Midnight of the Arizona day holding `instant`, as an instant (Arizona is UTC-7 all year: no daylight saving). */
export function arizonaMidnight(instant: Date): Date {
  const local = instant.getTime() + arizonaOffsetMs;
  return new Date(local - (((local % dayMs) + dayMs) % dayMs) - arizonaOffsetMs);
}

/** The instant of `HH:MM` on the Arizona date `yyyy-mm-dd`. */
export function arizonaInstant(date: string, hhmm = '00:00'): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + minutesOf(hhmm) * 60_000 - arizonaOffsetMs);
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/**
 * The estimate windows of the weekly hours between `now` plus the least notice and `now` plus
 * the horizon, in Arizona time: each day's hours cut into back-to-back windows of
 * `windowMinutes` that end by the hours' end. Windows that overlap a blocked span (a day off, a
 * blocked time) are left out, and so are those that overlap `busy` (booked visits) when given.
 */
export function visitWindows(
  settings: VisitSettings,
  now: Date,
  blocked: readonly Span[],
  busy: readonly Span[] = [],
): Window[] {
  const earliest = now.getTime() + settings.noticeHours * 3600_000;
  const latest = now.getTime() + settings.horizonDays * dayMs;
  const windowMs = settings.windowMinutes * 60_000;
  const windows: Window[] = [];
  for (let day = arizonaMidnight(now).getTime(); day <= latest; day += dayMs) {
    const weekday = new Date(day + arizonaOffsetMs).getUTCDay();
    const hours = settings.weekly
      .filter((entry) => entry.day === weekday)
      .sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
    for (const { from, to } of hours) {
      const end = day + minutesOf(to) * 60_000;
      for (let start = day + minutesOf(from) * 60_000; start + windowMs <= end; start += windowMs) {
        if (start < earliest || start > latest) continue;
        const window = { start: new Date(start), end: new Date(start + windowMs) };
        if (windows.some((other) => other.start.getTime() === start)) continue;
        if (blocked.some((span) => overlaps(span, window))) continue;
        if (busy.some((span) => overlaps(span, window))) continue;
        windows.push(window);
      }
    }
  }
  return windows.sort((a, b) => a.start.getTime() - b.start.getTime());
}
