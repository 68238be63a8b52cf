import { TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { arizonaIso } from '@shared/arizona-time';
import { defaultVisitSettings, visitAddressMaxLength, type OwnerVisit } from '@shared/schemas/visits';
import { arizonaDateTimeInput, ownerVisitWarning } from '@shared/visit-hours';
import { visitWhen } from '@shared/visit-time';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { Problem } from '../app/feedback';
import { LabelledInput } from '../app/labelled-input';
import { useOwnerVisitBooking, useVisitSettings } from './visits-api';

/**
 * The time agreed with the homeowner on the phone, booked (or the visit moved) by the owner: the
 * day and start in Arizona time, its length his visits' length, and the street address. What it
 * will be shows before he confirms, with a warning when it is outside his hours for visits or on
 * a day off (it books all the same: the API says so too).
 */
export function OwnerVisitForm({
  requestId,
  firstName,
  visit,
  lastAddress,
  onDone,
}: {
  requestId: string;
  firstName: string;
  /** The booked visit to move; null to book one. */
  visit: OwnerVisit | null;
  lastAddress: string;
  onDone: () => void;
}) {
  const { book } = useOwnerVisitBooking(requestId);
  const sessionEnded = useSessionEnded();
  const hours = useVisitSettings();
  const settings = hours.data?.settings ?? defaultVisitSettings;
  const [date, setDate] = useState('');
  const [time, setTime] = useState('09:00');
  const [address, setAddress] = useState(visit?.address ?? lastAddress);
  const [problem, setProblem] = useState<string | null>(null);

  const start = arizonaDateTimeInput(date, time);
  const end = start ? new Date(start.getTime() + settings.windowMinutes * 60_000) : null;
  const warning = start && end ? ownerVisitWarning(settings, hours.data?.blocks ?? [], start, end) : null;
  const verb = visit ? 'Move the visit' : 'Book the visit';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!start) {
      setProblem('Pick the day and the start time.');
      return;
    }
    setProblem(null);
    const street = address.trim();
    book.mutate(
      { start: arizonaIso(start), ...(street ? { address: street } : {}) },
      {
        onSuccess: (answer) => {
          toast({
            title:
              answer.outcome === 'rescheduled'
                ? 'Visit moved'
                : answer.outcome === 'unchanged'
                  ? 'Nothing changed'
                  : 'Visit booked',
            description:
              answer.outcome === 'unchanged'
                ? 'That is the time already booked.'
                : `${firstName} gets an e-mail with the time and a calendar invitation.${answer.warning ? ` ${answer.warning}` : ''}`,
          });
          onDone();
        },
        onError: (error) => {
          sessionEnded(error);
          setProblem(errorMessage(error));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={verb} className="mt-4 grid gap-3 rounded-lg bg-cream-50 p-4">
      {/* Side by side only where each box has room to show its whole date ("12/08/2026") or time. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(11.5rem,1fr))] gap-3">
        <LabelledInput label="Day" type="date" required value={date} onValue={setDate} box="mt-1 h-11 px-3" />
        <LabelledInput
          label="Start time"
          type="time"
          required
          step={300}
          value={time}
          onValue={setTime}
          box="mt-1 h-11 px-3"
        />
      </div>
      <LabelledInput
        label="Street address"
        value={address}
        maxLength={visitAddressMaxLength}
        autoComplete="off"
        onValue={setAddress}
        box="mt-1 h-11 px-3"
      />
      <div aria-live="polite" className="grid gap-2">
        {start && end ? (
          <p className="text-ink">
            <span className="font-semibold">{visitWhen(start, end)}</span> (Arizona time)
          </p>
        ) : null}
        {warning ? (
          <p className="flex items-start gap-2 rounded-md bg-wood-100 p-2.5 text-sm font-medium text-wood-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {warning}
          </p>
        ) : null}
      </div>
      {problem ? <Problem>{problem}</Problem> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={book.isPending}>
          {verb}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Close
        </Button>
      </div>
    </form>
  );
}
