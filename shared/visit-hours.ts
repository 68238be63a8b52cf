import { arizonaOffsetMs } from './arizona-time';
import type { VisitSettings } from './schemas/visits';

/**
 * The owner books a visit at any time he agreed on the phone, inside his hours for visits or not.
 * Outside them (or on a day off) it still books; this says so, the same on the request's page
 * before he confirms and in the API's answer after.
 */
export const ownerVisitWarnings = {
  outsideHours: 'This is outside your hours for visits. It books all the same.',
  dayOff: (note: string | null) =>
    `This falls on a day off or a blocked time${note ? ` (${note})` : ''}. It books all the same.`,
} as const;

const dayMs = 24 * 3600_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The Arizona weekday (0 Sunday) and minute of the day of an instant. */
function arizonaClock(instant: Date): { day: number; minute: number; date: number } {
  const local = instant.getTime() + arizonaOffsetMs;
  const date = Math.floor(local / dayMs);
  return { day: new Date(local).getUTCDay(), minute: Math.round((local - date * dayMs) / 60_000), date };
}

/** Whether the visit from `start` to `end` lies within one entry of the weekly hours, in Arizona time. */
export function withinVisitHours(settings: Pick<VisitSettings, 'weekly'>, start: Date, end: Date): boolean {
  const from = arizonaClock(start);
  const to = arizonaClock(end);
  // A visit that ends at midnight or later is past any day's hours.
  if (to.date !== from.date) return false;
  return settings.weekly.some(
    (hours) => hours.day === from.day && minutesOf(hours.from) <= from.minute && to.minute <= minutesOf(hours.to),
  );
}

/** What the owner is told of a time he picked: null inside his hours, else why it is unusual. */
export function ownerVisitWarning(
  settings: Pick<VisitSettings, 'weekly'>,
  blocks: readonly { start: string | Date; end: string | Date; note?: string | null }[],
  start: Date,
  end: Date,
): string | null {
  const blocked = blocks.find((block) => new Date(block.start) < end && start < new Date(block.end));
  if (blocked) return ownerVisitWarnings.dayOff(blocked.note ?? null);
  return withinVisitHours(settings, start, end) ? null : ownerVisitWarnings.outsideHours;
}

/** The instant of an Arizona date (`2026-12-08`) and time (`09:00`) the owner typed; null when either is not one. */
export function arizonaDateTimeInput(date: string, time: string): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  const [, y, m, d] = dateMatch.map(Number) as [number, number, number, number];
  const instant = new Date(Date.UTC(y, m - 1, d, Number(timeMatch[1]), Number(timeMatch[2])) - arizonaOffsetMs);
  return Number.isFinite(instant.getTime()) && new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d ? instant : null;
}
