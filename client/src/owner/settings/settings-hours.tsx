import { useWatch, type UseFormReturn } from 'react-hook-form';
import { weekDayNames, weekDays, type BusinessDetailsForm } from '@shared/schemas/business-details';
import { HourBox } from '../app/hour-box';
import { labelClass } from '../app/styles';

/**
 * Business hours, a row per day: Closed, or opening and closing time (Arizona time). Shown on the
 * contact and home pages and in the structured data, and the reminders' clock, unless the
 * server's BUSINESS_HOURS is set (then the note says so). Separate from the visit hours.
 */
export function HoursFieldset({
  form,
  fromEnvironment,
}: {
  form: UseFormReturn<BusinessDetailsForm>;
  fromEnvironment: boolean;
}) {
  const { register, control, formState } = form;
  const hours = useWatch({ control, name: 'hours' });
  const firstError = formState.errors.hours?.find?.((day) => day)?.close?.message;
  return (
    <fieldset className="grid gap-2" aria-describedby="business-hours-note">
      <legend className={labelClass}>Business hours</legend>
      <p id="business-hours-note" className="text-sm text-ink-muted">
        {fromEnvironment
          ? 'Shown on the site. The reminders keep to the hours fixed when the site was set up, not these; whoever set it up can change that.'
          : 'Shown on the site, and the reminders count only these hours. Arizona time. The visit hours are set on the Visits page.'}
      </p>
      {weekDays.map((day, index) => {
        const name = weekDayNames[day];
        const closed = hours[index]?.closed ?? false;
        const invalid = Boolean(formState.errors.hours?.[index]);
        return (
          <div key={day} className="grid grid-cols-2 items-center gap-x-2 gap-y-1 sm:grid-cols-[8rem_7rem_1fr_1fr]">
            <span className="font-semibold text-ink">{name}</span>
            <label className="flex min-h-11 items-center gap-2 text-ink">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-pine-700"
                {...register(`hours.${index}.closed`)}
              />
              Closed
            </label>
            {(['open', 'close'] as const).map((end) => (
              <HourBox
                key={end}
                aria-label={`${name} ${end}s`}
                aria-invalid={invalid || undefined}
                disabled={closed}
                {...register(`hours.${index}.${end}`)}
              />
            ))}
          </div>
        );
      })}
      {firstError ? <p className="text-sm font-semibold text-rim-700">{firstError}</p> : null}
    </fieldset>
  );
}
