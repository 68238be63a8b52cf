import type { Visitors } from '@shared/schemas/visitors';
import { plural } from '../app/formats';

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** `Dec 4`: a calendar day (already Arizona's), which no time zone shifts. */
export const formatShortDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

type Day = Visitors['days'][number];

/** Past two months, a bar per week (its first day named): a phone still shows every bar. */
function bars(days: Day[]): { label: string; visitors: number; views: number }[] {
  if (days.length <= 62)
    return days.map((day) => ({ label: formatShortDay(day.day), visitors: day.visitors, views: day.views }));
  const weeks: { label: string; visitors: number; views: number }[] = [];
  days.forEach((day, index) => {
    if (index % 7 === 0) weeks.push({ label: `Week of ${formatShortDay(day.day)}`, visitors: 0, views: 0 });
    const week = weeks.at(-1)!;
    week.visitors += day.visitors;
    week.views += day.views;
  });
  return weeks;
}

/**
 * Visitors and page views per day as bars (plain CSS, no chart library): a solid bar of visitors
 * in front of a pale one of views. Each bar is a list item a screen reader reads as its day and
 * figures; the first and last day and the highest count label the chart.
 */
export function VisitorsChart({ days }: { days: Day[] }) {
  const shown = bars(days);
  const most = Math.max(1, ...shown.map((bar) => bar.views));
  const height = (count: number) => `${Math.max(count > 0 ? 3 : 0, (count / most) * 100)}%`;
  return (
    <figure className="mt-3">
      <div className="flex items-end gap-2">
        <span className="w-8 shrink-0 self-start text-right text-xs text-ink-muted tabular-nums" aria-hidden>
          {most}
        </span>
        <ol
          aria-label={days.length > 62 ? 'Visitors per week' : 'Visitors per day'}
          className="flex h-36 min-w-0 flex-1 items-end justify-center gap-px border-b border-l border-cream-200 sm:gap-0.5"
        >
          {shown.map((bar) => (
            <li key={bar.label} className="relative flex h-full max-w-12 min-w-0 flex-1 items-end" title={barText(bar)}>
              <span className="sr-only">{barText(bar)}</span>
              <span
                aria-hidden
                className="absolute inset-x-0 bottom-0 rounded-t-sm bg-pine-200"
                style={{ height: height(bar.views) }}
              />
              <span
                aria-hidden
                className="absolute inset-x-[20%] bottom-0 rounded-t-sm bg-pine-700"
                style={{ height: height(bar.visitors) }}
              />
            </li>
          ))}
        </ol>
      </div>
      {shown.length <= 7 ? (
        // A week or less: each bar its day, under it.
        <div
          aria-hidden
          className="mt-1 ml-10 flex justify-center gap-px text-center text-xs text-ink-muted sm:gap-0.5"
        >
          {shown.map((bar) => (
            <span key={bar.label} className="max-w-12 min-w-0 flex-1 truncate">
              {bar.label}
            </span>
          ))}
        </div>
      ) : (
        <div aria-hidden className="mt-1 ml-10 flex justify-between text-xs text-ink-muted">
          <span>{shown[0]?.label}</span>
          <span>{shown.at(-1)?.label}</span>
        </div>
      )}
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-pine-700" /> Visitors
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-pine-200" /> Page views
        </span>
      </figcaption>
    </figure>
  );
}

const barText = (bar: { label: string; visitors: number; views: number }) =>
  `${bar.label}: ${plural(bar.visitors, 'visitor')}, ${plural(bar.views, 'page view')}`;
