import { Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { weekdayNames, type VisitSettings } from '@shared/schemas/visits';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { CardSection } from '../app/card-section';
import { toastFailure } from '../app/feedback';
import { LabelledCheckbox, LabelledSelect } from '../app/labelled-input';
import { HourBox } from '../app/hour-box';
import { labelClass } from '../app/styles';
import { useSaveVisitSettings, useVisitSettings } from './visits-api';

const toHours = (settings: VisitSettings) =>
  weekdayNames.map((_, day) => {
    const hours = settings.weekly.find((entry) => entry.day === day);
    return { on: Boolean(hours), from: hours?.from ?? '08:00', to: hours?.to ?? '16:00' };
  });

/** A day's two times, and how each box is named. */
const ends = [
  ['from', 'from'],
  ['to', 'until'],
] as const;

export function WindowsCard() {
  const query = useVisitSettings();
  return (
    <CardSection title="Hours for visits">
      <p className="mt-1 text-ink-muted">
        The days and hours homeowners may book. Booked times are never offered twice.
      </p>
      {query.data ? <WindowsForm settings={query.data.settings} /> : <p className="mt-2 text-ink-muted">Loading…</p>}
    </CardSection>
  );
}

function WindowsForm({ settings }: { settings: VisitSettings }) {
  const save = useSaveVisitSettings();
  const [hours, setHours] = useState(() => toHours(settings));
  const [windowMinutes, setWindowMinutes] = useState(settings.windowMinutes);
  const [horizonDays, setHorizonDays] = useState(settings.horizonDays);
  const [noticeHours, setNoticeHours] = useState(settings.noticeHours);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const weekly = hours.flatMap((entry, day) => (entry.on ? [{ day, from: entry.from, to: entry.to }] : []));
    save.mutate(
      { weekly, windowMinutes, horizonDays, noticeHours },
      {
        onSuccess: () => toast({ title: 'Visit hours saved', description: 'Homeowners see the new times at once.' }),
        onError: toastFailure('Not saved'),
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 grid gap-4">
      <fieldset className="grid gap-2">
        <legend className={labelClass}>Weekly hours</legend>
        {hours.map((entry, day) => (
          <div
            key={weekdayNames[day]}
            className="grid grid-cols-2 items-center gap-x-2 gap-y-1 sm:grid-cols-[8.25rem_1fr_1fr]"
          >
            <LabelledCheckbox
              checked={entry.on}
              onChecked={(on) => setHours(hours.map((h, i) => (i === day ? { ...h, on } : h)))}
              className="col-span-2 sm:col-span-1"
            >
              {weekdayNames[day]}
            </LabelledCheckbox>
            {ends.map(([end, word]) => (
              <HourBox
                key={end}
                aria-label={`${weekdayNames[day]} ${word}`}
                value={entry[end]}
                disabled={!entry.on}
                onChange={(event) =>
                  setHours(hours.map((h, i) => (i === day ? { ...h, [end]: event.target.value } : h)))
                }
              />
            ))}
          </div>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberSelect
          label="Each visit"
          value={windowMinutes}
          onChange={setWindowMinutes}
          options={[60, 90, 120, 180].map((m) => [m, m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`])}
        />
        <NumberSelect
          label="How far ahead"
          value={horizonDays}
          onChange={setHorizonDays}
          options={[7, 14, 21, 28, 42, 56].map((d) => [d, `${d / 7} ${d === 7 ? 'week' : 'weeks'}`])}
        />
        <NumberSelect
          label="Least notice"
          value={noticeHours}
          onChange={setNoticeHours}
          options={[2, 4, 12, 24, 48].map((h) => [h, `${h} hours`])}
        />
      </div>
      <Button type="submit" variant="secondary" className="justify-self-start" disabled={save.isPending}>
        <Check aria-hidden="true" />
        Save visit hours
      </Button>
    </form>
  );
}

function NumberSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  options: [number, string][];
}) {
  const all = options.some(([v]) => v === value) ? options : [...options, [value, String(value)] as [number, string]];
  return (
    <LabelledSelect
      label={label}
      value={String(value)}
      onValue={(chosen) => onChange(Number(chosen))}
      choices={all.map(([v, text]) => [String(v), text] as const)}
      box="mt-1 h-11 px-2"
    />
  );
}
