import { arizonaOffsetMs } from '@shared/arizona-time';

/** Texts the site sends by itself wait through the night: from 8 PM to 8 AM Arizona time. */
export const quietFromHour = 20;
export const quietUntilHour = 8;

/** The hour of the day (0-23) in Arizona, which keeps Mountain Standard Time all year. */
export function arizonaHour(date: Date): number {
  return new Date(date.getTime() + arizonaOffsetMs).getUTCHours();
}

/** `date` at `hour`:00 Arizona time on the same Arizona day. */
export function arizonaDayAt(date: Date, hour: number): Date {
  const local = new Date(date.getTime() + arizonaOffsetMs);
  local.setUTCHours(hour, 0, 0, 0);
  return new Date(local.getTime() - arizonaOffsetMs);
}

/** When a text due at `date` may go: then, or 8 AM Arizona time after a night's quiet. */
export function sendableAt(date: Date): Date {
  const hour = arizonaHour(date);
  if (hour >= quietUntilHour && hour < quietFromHour) return date;
  const morning = arizonaDayAt(date, quietUntilHour);
  return hour >= quietFromHour ? new Date(morning.getTime() + 24 * 3600_000) : morning;
}
