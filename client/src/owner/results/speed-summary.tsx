import { Timer } from 'lucide-react';
import type { SpeedToLead } from '@shared/schemas/owner-inbox';
import { cn } from '@/lib/utils';
import { cardClass } from '../app/styles';
import { percent } from './result-format';

/** 0.4 -> "under a minute", 12 -> "12 min", 125 -> "2 h 5 min", 1500 -> "1 d 1 h". */
export function waitText(minutes: number): string {
  const whole = Math.floor(Math.max(0, minutes));
  if (whole < 1) return 'under a minute';
  if (whole < 60) return `${whole} min`;
  if (whole < 24 * 60) {
    const rest = whole % 60;
    return `${Math.floor(whole / 60)} h${rest ? ` ${rest} min` : ''}`;
  }
  const hours = Math.floor((whole % (24 * 60)) / 60);
  return `${Math.floor(whole / (24 * 60))} d${hours ? ` ${hours} h` : ''}`;
}

const share = ({ answered, of }: { answered: number; of: number }) => percent(of === 0 ? null : answered / of);

/** `2 of 3`; with none old enough to count yet, says so instead of "0 of 0". */
const shareText = ({ answered, of }: { answered: number; of: number }) =>
  of === 0 ? 'none due yet' : `${answered} of ${of}`;

/** How fast requests were answered over the last 30 days: median and shares within 1 h and 24 h. */
export function SpeedSummary({ speed }: { speed: SpeedToLead }) {
  const tiles = [
    {
      label: 'Median',
      value: speed.medianMinutes === null ? '–' : speed.medianMinutes < 1 ? '< 1 min' : waitText(speed.medianMinutes),
      detail:
        speed.requests === 0 ? (
          'no requests'
        ) : (
          <>
            {speed.answered} of {speed.requests}
            <span className="hidden sm:inline"> answered</span>
          </>
        ),
    },
    {
      label: 'In 1 h',
      value: share(speed.withinHour),
      detail: shareText(speed.withinHour),
      good: speed.withinHour.of > 0 && speed.withinHour.answered / speed.withinHour.of >= 0.8,
    },
    {
      label: 'In 24 h',
      value: share(speed.withinDay),
      detail: shareText(speed.withinDay),
      good: speed.withinDay.of > 0 && speed.withinDay.answered === speed.withinDay.of,
    },
  ];
  return (
    <section aria-labelledby="speed-heading" className={cn(cardClass, 'mt-4 p-4 sm:p-5')}>
      <h2 id="speed-heading" className="flex items-center gap-2 font-sans text-sm font-bold text-pine-900">
        <Timer aria-hidden="true" className="size-4 text-wood-700" />
        First answer, last {speed.days} days
      </h2>
      <p className="mt-1 text-xs text-ink-muted">
        Counts your calls, texts and replies tapped here, and your status changes.
        {speed.bookedOnline > 0
          ? ` Apart: ${speed.bookedOnline} ${speed.bookedOnline === 1 ? 'visit' : 'visits'} booked online by the homeowner, not counted as your answer.`
          : ''}
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 sm:gap-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="min-w-0 rounded-lg bg-cream-50 px-2.5 py-2 sm:px-4 sm:py-3">
            <dt className="text-xs leading-4 font-bold tracking-wide text-wood-700 uppercase">{tile.label}</dt>
            <dd
              className={cn(
                'mt-1 font-display text-xl font-bold sm:text-2xl',
                tile.good ? 'text-pine-700' : 'text-pine-900',
              )}
            >
              {tile.value}
            </dd>
            <dd className="text-xs text-ink-muted">{tile.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
