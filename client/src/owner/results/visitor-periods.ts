import { arizonaDay, calendarDayPlus } from '@shared/arizona-time';

/** The periods the Visitors section offers; a month and a range carry their days. */
export type VisitorPeriod =
  | { kind: 'week' }
  | { kind: '30-days' }
  | { kind: 'month'; month: string }
  | { kind: 'range'; from: string; to: string };

export const visitorPeriodLabels = {
  week: 'This week',
  '30-days': 'Last 30 days',
  month: 'A month',
  range: 'Dates',
} as const satisfies Record<VisitorPeriod['kind'], string>;

/**
 * The Arizona days `from` to `to` of a period on the clock `now`: this week from its Monday, the
 * last 30 days with today, a month whole (up to today when it is this month), a range as chosen
 * (its ends swapped when the later one came first; at most 366 days, ending on its last day).
 */
export function visitorDays(period: VisitorPeriod, now = new Date()): { from: string; to: string } {
  const today = arizonaDay(now);
  switch (period.kind) {
    case 'week': {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      return { from: calendarDayPlus(today, -((weekday + 6) % 7)), to: today };
    }
    case '30-days':
      return { from: calendarDayPlus(today, -29), to: today };
    case 'month': {
      const [year, month] = period.month.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      return { from: `${period.month}-01`, to: last < today ? last : today };
    }
    case 'range': {
      const [from, to] = period.from <= period.to ? [period.from, period.to] : [period.to, period.from];
      // At most a year and a day back from the last day: the figures of a longer range are not asked for at once.
      return { from: from < calendarDayPlus(to, -365) ? calendarDayPlus(to, -365) : from, to };
    }
  }
}
