import { useId, useState, type FormEvent } from 'react';
import { estimateSettingsSchema, type EstimateSettings } from '@shared/schemas/estimates';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { CardSection } from '../app/card-section';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { useEstimateSettings, useSaveEstimateSettings } from './estimates-api';
import { LabelledInput } from '../app/labelled-input';

/**
 * The estimates' defaults, a card of its own for /owner/settings (GET/PUT
 * /api/owner/estimate-settings): the tax rate a new estimate starts with, and the days after
 * sending when a follow-up goes to a homeowner who has not answered (fractions allowed, 0: none).
 */
export function EstimateSettingsCard({ className }: { className?: string }) {
  const settings = useEstimateSettings();
  if (!settings.data) return null;
  return <SettingsForm initial={settings.data} className={className} />;
}

function SettingsForm({ initial, className }: { initial: EstimateSettings; className?: string }) {
  const id = useId();
  const save = useSaveEstimateSettings();
  const sessionEnded = useSessionEnded();
  const [taxRate, setTaxRate] = useState(String(initial.taxRate));
  const [days, setDays] = useState(initial.followUpDays.length ? initial.followUpDays.join(', ') : '0');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const followUpDays = days
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(Number)
      .filter((day) => day !== 0);
    const parsed = estimateSettingsSchema.safeParse({ taxRate: Number(taxRate.trim() || NaN), followUpDays });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the settings.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Estimate settings saved' }),
      onError: (error) => {
        sessionEnded(error);
        setProblem(errorMessage(error));
      },
    });
  };

  return (
    <CardSection title="Estimates" className={className}>
      <p className="mt-1 text-sm text-ink-muted">
        What a new estimate starts with, and when a homeowner who has not answered gets a reminder.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <LabelledInput
          id={`${id}-tax`}
          label="Default tax rate (%)"
          inputMode="decimal"
          value={taxRate}
          onValue={setTaxRate}
        />
        <LabelledInput
          id={`${id}-days`}
          label="Follow-up days"
          value={days}
          aria-describedby={`${id}-days-hint`}
          onValue={setDays}
        >
          <p id={`${id}-days-hint`} className="mt-1 text-xs text-ink-muted">
            Days after sending, such as 3, 7. 0 sends none.
          </p>
        </LabelledInput>
        {problem ? (
          <p role="alert" className="text-sm font-semibold text-rim-700 sm:col-span-2">
            {problem}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" size="sm" disabled={save.isPending} className="justify-self-start">
          Save estimate settings
        </Button>
      </form>
    </CardSection>
  );
}
