import { CalendarOff, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { type VisitBlock } from '@shared/schemas/visits';
import { visitShortDay, visitTimeRange } from '@shared/visit-time';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage } from '../app/owner-api';
import { cardClass, controlClass, labelClass } from '../app/styles';
import { useAddBlock, useRemoveBlock, useVisitSettings } from './visits-api';

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

export function DaysOffCard() {
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
        {/* Side by side only where each box has room to show its whole date or times. */}
        <div className="grid grid-cols-[repeat(auto-fit,minmax(11.5rem,1fr))] gap-3">
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
