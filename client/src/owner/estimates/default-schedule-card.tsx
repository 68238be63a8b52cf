import { useId, useState, type FormEvent } from 'react';
import { estimateSettingsSchema, type EstimateSettings } from '@shared/schemas/estimates';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { CardSection } from '../app/card-section';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { useEstimateSettings, useSaveEstimateSettings } from './estimates-api';
import { ScheduleFields, schedulePartsOf, scheduleRowsOf, type ScheduleRow } from './schedule-fields';

/** The dollars beside each part are shown on a job of this size. */
const exampleCents = 1_000_000;

/**
 * His default payment schedule, a card of the settings (PUT /api/owner/estimate-settings
 * `defaultSchedule`): what every new estimate starts with, changed there as he writes it.
 */
export function DefaultScheduleCard({ className }: { className?: string }) {
  const settings = useEstimateSettings();
  if (!settings.data) return null;
  return <ScheduleForm initial={settings.data} className={className} />;
}

function ScheduleForm({ initial, className }: { initial: EstimateSettings; className?: string }) {
  const id = useId();
  const save = useSaveEstimateSettings();
  // The other estimate settings as saved now (the Estimates card may have changed them since).
  const current = useEstimateSettings().data ?? initial;
  const sessionEnded = useSessionEnded();
  const [rows, setRows] = useState<ScheduleRow[]>(() => scheduleRowsOf(initial.defaultSchedule));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = estimateSettingsSchema.safeParse({
      taxRate: current.taxRate,
      followUpDays: current.followUpDays,
      defaultSchedule: schedulePartsOf(rows),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the schedule.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Payment schedule saved' }),
      onError: (error) => {
        sessionEnded(error);
        setProblem(errorMessage(error));
      },
    });
  };

  return (
    <CardSection title="Payment schedule" className={className}>
      <p className="mt-1 text-sm text-ink-muted">
        How a homeowner pays, such as a deposit on approval, a part at a milestone and the balance on completion. Every
        new estimate starts with it; you can change it on each one.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4">
        <ScheduleFields
          idPrefix={`${id}-default`}
          rows={rows}
          onRows={setRows}
          totalCents={exampleCents}
          totalLabel="Amounts shown on a $10,000.00 job."
        />
        {problem ? (
          <p role="alert" className="text-sm font-semibold text-rim-700">
            {problem}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" size="sm" disabled={save.isPending} className="justify-self-start">
          Save payment schedule
        </Button>
      </form>
    </CardSection>
  );
}
