import { CalendarOff, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { type VisitBlock } from '@shared/schemas/visits';
import { visitShortDay, visitTimeRange } from '@shared/visit-time';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { CardSection } from '../app/card-section';
import { toastFailure } from '../app/feedback';
import { LabelledCheckbox, LabelledInput } from '../app/labelled-input';
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
        onError: toastFailure('Not blocked'),
      },
    );
  };

  const blocks = query.data?.blocks ?? [];
  return (
    <CardSection title="Days off and blocked times" icon={CalendarOff}>
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
          <LabelledInput
            label={wholeDay ? 'First day off' : 'Day'}
            type="date"
            required
            value={date}
            onValue={setDate}
            box="mt-1 h-11 px-2"
          />
          {wholeDay ? (
            <LabelledInput
              label="Last day off (optional)"
              type="date"
              min={date || undefined}
              value={untilDate}
              onValue={setUntilDate}
              box="mt-1 h-11 px-2"
            />
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <LabelledInput label="From" type="time" value={from} onValue={setFrom} box="mt-1 h-11 px-1" />
              <LabelledInput label="Until" type="time" value={to} onValue={setTo} box="mt-1 h-11 px-1" />
            </div>
          )}
        </div>
        <LabelledCheckbox checked={wholeDay} onChecked={setWholeDay}>
          Whole day
        </LabelledCheckbox>
        <LabelledInput
          label="Note (optional)"
          type="text"
          maxLength={200}
          value={note}
          onValue={setNote}
          placeholder="Vacation, supplier visit…"
          box="mt-1 h-11 px-3"
        />
        <Button type="submit" variant="outline" className="justify-self-start" disabled={add.isPending}>
          <CalendarOff aria-hidden="true" />
          Block this time
        </Button>
      </form>
    </CardSection>
  );
}
