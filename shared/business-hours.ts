// Kept instead of opening_hours (the OpenStreetMap parser): the variable takes a small documented
// subset with messages of our own, and Arizona's fixed UTC-7 needs no time-zone library.
import { business } from './content/business';
import { openingHoursOf, type WeekHours } from './content/business-facts';

/**
 * Business time for the speed-to-lead reminders: when the owner is at work, in Arizona time
 * (UTC-7 all year: Arizona keeps no daylight saving, so a fixed offset is exact).
 *
 * Written like schema.org opening hours, ranges separated by commas or semicolons:
 * `Mo-Fr 07:00-17:00`, `Mo-Fr 07:00-17:00, Sa 08:00-12:00`, or `24/7` for always.
 */
export interface BusinessHours {
  /** Open minutes of the day per weekday (0 = Sunday), as [start, end) in minutes after midnight. */
  readonly days: readonly (readonly (readonly [number, number])[])[];
  readonly always: boolean;
}

const arizonaOffsetMs = -7 * 3600_000;
const dayMs = 24 * 3600_000;
const dayCodes = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;

export class BusinessHoursError extends Error {}

/** Parses the format above; throws BusinessHoursError with a message that says what is wrong. */
export function parseBusinessHours(text: string): BusinessHours {
  const trimmed = text.trim();
  if (/^24\s*\/\s*7$/.test(trimmed)) return { days: dayCodes.map(() => [[0, 1440]]), always: true };
  const days: [number, number][][] = dayCodes.map(() => []);
  const ranges = trimmed.split(/[,;]/).map((part) => part.trim());
  for (const range of ranges) {
    const match = /^([A-Z][a-z])(?:\s*-\s*([A-Z][a-z]))?\s+(\d{2}):(\d{2})\s*-\s*(\d{2}):(\d{2})$/.exec(range);
    if (!match) throw new BusinessHoursError(`"${range}" is not like "Mo-Fr 07:00-17:00" (or use 24/7)`);
    const [, fromDay, toDay, h1, m1, h2, m2] = match as unknown as string[];
    const from = dayCodes.indexOf(fromDay as (typeof dayCodes)[number]);
    const to = toDay ? dayCodes.indexOf(toDay as (typeof dayCodes)[number]) : from;
    if (from < 0 || to < 0) throw new BusinessHoursError(`"${range}": days are Mo Tu We Th Fr Sa Su`);
    const start = Number(h1) * 60 + Number(m1);
    const end = Number(h2) * 60 + Number(m2);
    if (Number(m1) > 59 || Number(m2) > 59 || end > 1440 || start >= end) {
      throw new BusinessHoursError(`"${range}": the hours must be a range within one day, such as 07:00-17:00`);
    }
    // Mo-Fr, or a range across the weekend such as Fr-Mo.
    for (let day = from; ; day = (day + 1) % 7) {
      days[day]!.push([start, end]);
      if (day === to) break;
    }
  }
  for (const day of days) day.sort((a, b) => a[0] - b[0]);
  return { days, always: false };
}

/** The business's own hours (shared/content/business.ts). */
export const defaultBusinessHours = parseBusinessHours(business.hours.openingHours.join(', '));

/** The owner's saved week (/owner/settings) as business time; a week with no open day: the defaults. */
export function businessHoursOfWeek(week: WeekHours | null | undefined): BusinessHours {
  const ranges = week ? openingHoursOf(week) : [];
  return ranges.length ? parseBusinessHours(ranges.join(', ')) : defaultBusinessHours;
}

/** Arizona midnight of the day `ms` falls on, and the weekday and minute of that day. */
function arizonaDay(ms: number) {
  const local = ms + arizonaOffsetMs;
  const midnightLocal = Math.floor(local / dayMs) * dayMs;
  return {
    midnight: midnightLocal - arizonaOffsetMs,
    weekday: new Date(midnightLocal).getUTCDay(),
    minute: (local - midnightLocal) / 60_000,
  };
}

/** True when `at` is within the business hours. */
export function isBusinessTime(at: Date, hours: BusinessHours): boolean {
  if (hours.always) return true;
  const { weekday, minute } = arizonaDay(at.getTime());
  return hours.days[weekday]!.some(([start, end]) => minute >= start && minute < end);
}

/**
 * The moment `minutes` of business time after `from`. Business time that ends exactly at closing
 * is the same business moment as the next opening, and the next opening is returned then: so the
 * answer is always a moment when the business is open.
 */
export function addBusinessMinutes(from: Date, minutes: number, hours: BusinessHours): Date {
  if (hours.always) return new Date(from.getTime() + minutes * 60_000);
  let left = minutes * 60_000;
  let cursor = from.getTime();
  // A year of days at most: enough for any schedule with at least one open minute a week.
  for (let i = 0; i < 400; i++) {
    const { midnight, weekday, minute } = arizonaDay(cursor);
    for (const [start, end] of hours.days[weekday]!) {
      if (minute >= end) continue;
      const openFrom = Math.max(cursor, midnight + start * 60_000);
      const openUntil = midnight + end * 60_000;
      if (openFrom + left < openUntil) return new Date(openFrom + left);
      left -= openUntil - openFrom;
      cursor = openUntil;
    }
    cursor = midnight + dayMs;
  }
  throw new BusinessHoursError('The business hours have no open time.');
}
