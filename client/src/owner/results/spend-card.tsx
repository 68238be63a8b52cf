import { useId, useState, type FormEvent } from 'react';
import { arizonaDay } from '@shared/arizona-time';
import { amountNames, monthOfDay, parseDollars, spendSourceSchema } from '@shared/schemas/owner-money';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage, useSessionEnded, useSessionEndedBy } from '../app/owner-api';
import { DollarEntry } from '../app/dollar-input';
import { dollars } from '../app/formats';
import { LabelledInput, LabelledSelect } from '../app/labelled-input';
import { useMonthSpend, useSaveSpend } from './results-api';
import { cardClass, labelClass } from '../app/styles';

/** The choice in the source list that lets the owner type a name of his own (no name starts with a space). */
const anotherSource = ' another';
const monthsOffered = 25;
/** The card's boxes, as tall as the amount's. */
const tallBox = 'mt-1.5 h-12 px-3';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** This Arizona month and the 24 before it, newest first: `2026-11`, `2026-10`... */
function recentMonths(now = new Date()): string[] {
  const [year, month] = monthOfDay(arizonaDay(now)).split('-').map(Number) as [number, number];
  return Array.from({ length: monthsOffered }, (_, back) => {
    const date = new Date(Date.UTC(year, month - 1 - back, 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * What the owner spent on each source in a month, entered against the names the results page
 * lists or one he types (a source that brought no request yet). The period's figures above
 * count it: a month whole in This month and Last month, in part at the ends of the longer periods.
 */
export function SpendCard({ initialMonth }: { initialMonth: string }) {
  // The period chosen above picks the month first shown (the page keys this card by it).
  const months = recentMonths();
  const [month, setMonth] = useState(months.includes(initialMonth) ? initialMonth : months[0]!);
  const spend = useMonthSpend(month);
  const save = useSaveSpend();
  const sessionEnded = useSessionEnded();
  const [source, setSource] = useState('');
  const [typedSource, setTypedSource] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  useSessionEndedBy(spend.error);

  const sources = spend.data?.sources ?? [];
  const chosen = source || sources[0] || '';
  const entries = spend.data?.entries ?? [];
  const typing = chosen === anotherSource;

  const send = (name: string, value: number | null, onDone?: () => void) =>
    save.mutate(
      { month, source: name, amount: value },
      {
        onSuccess: (saved) => {
          toast({
            title: saved.amount
              ? `Spend saved: ${saved.source}, ${monthLabel(saved.month)}, ${dollars(saved.amount)}`
              : `Spend removed: ${saved.source}, ${monthLabel(saved.month)}`,
          });
          onDone?.();
        },
        onError: (error) => {
          sessionEnded(error);
          setProblem(errorMessage(error));
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = spendSourceSchema.safeParse(typing ? typedSource : chosen);
    if (!name.success) {
      setProblem(name.error.issues[0]?.message ?? 'Name the source.');
      return;
    }
    const parsed = parseDollars(amount, amountNames.spend);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    send(name.data, parsed.value, () => {
      setAmount('');
      setTypedSource('');
      if (typing) setSource('');
    });
  };

  return (
    <section id="spend" aria-labelledby={`${id}-heading`} className={cn(cardClass, 'mt-6 scroll-mt-32 p-4 sm:p-5')}>
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        Spend
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        What you paid each source in a month (ads, listings, a yard-sign print run), in whole dollars.
      </p>
      <form noValidate onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2">
        <LabelledSelect
          label="Month"
          value={month}
          onValue={setMonth}
          choices={months.map((option) => [option, monthLabel(option)] as const)}
          box={tallBox}
        />
        <LabelledSelect
          label="Source"
          value={chosen}
          onValue={setSource}
          choices={[...sources, [anotherSource, 'Another source…'] as const]}
          box={tallBox}
        />
        {typing ? (
          <LabelledInput
            label="Its name"
            className="sm:col-span-2"
            type="text"
            autoComplete="off"
            value={typedSource}
            placeholder="Nextdoor"
            maxLength={64}
            onValue={setTypedSource}
            box={tallBox}
          />
        ) : null}
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-amount`} className={labelClass}>
            Amount spent
          </label>
          <DollarEntry
            id={`${id}-amount`}
            value={amount}
            onChange={setAmount}
            problem={problem}
            saving={save.isPending || spend.isPending}
          >
            Save spend
          </DollarEntry>
        </div>
      </form>

      <h3 className="mt-5 font-sans text-base font-bold text-pine-900">{monthLabel(month)}</h3>
      {entries.length > 0 ? (
        <ul aria-label={`Spend in ${monthLabel(month)}`} className="mt-2 grid gap-1.5">
          {entries.map((entry) => (
            <li
              key={entry.source}
              className="flex items-center justify-between gap-2 rounded-lg bg-cream-50 py-1.5 pr-1.5 pl-3"
            >
              <span className="min-w-0 truncate font-semibold text-ink">{entry.source}</span>
              <span className="ml-auto shrink-0 font-semibold tabular-nums">{dollars(entry.amount)}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={save.isPending}
                onClick={() => send(entry.source, null)}
              >
                Remove<span className="sr-only"> {entry.source}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-ink-muted">
          {spend.isPending ? 'Loading…' : 'No spend entered for this month.'}
        </p>
      )}
    </section>
  );
}
