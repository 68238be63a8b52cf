import { TextMessagesCard } from '../texts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, Check, EyeOff, Images } from 'lucide-react';
import { Link } from 'wouter';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm, useWatch, type RegisterOptions } from 'react-hook-form';
import {
  businessDetailsFormSchema,
  formHoursOf,
  rocLicenceOf,
  type BusinessDetailsForm,
} from '@shared/schemas/business-details';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { PaymentDetailsCard } from '../invoices';
import { toastFailure } from '../app/feedback';
import { errorMessage, refusal } from '../app/owner-api';
import { BackToInbox } from '../app/back-to-inbox';
import { CardSection } from '../app/card-section';
import { HoursFieldset } from './settings-hours';
import { useHideSampleProjects, useOwnerSettings, useSaveBusinessDetails, type SettingsAnswer } from './settings-api';
import { DefaultScheduleCard, EstimateSettingsCard } from '../estimates';
import { MailSendingCard } from './mail-sending-card';
import { controlClass, labelClass } from '../app/styles';

/**
 * /owner/settings: what the owner sets about his site, as a stack of cards (each a section of
 * its own, saved on its own): his business details, the sample projects. A new section is one
 * more card in `settingsCards`.
 */
export function SettingsPage() {
  const settings = useOwnerSettings();
  const data = settings.data;
  return (
    <>
      <BackToInbox />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">Settings</h1>
      <p className="mt-1 text-ink-muted">
        What the site shows about the business. Saved changes are on every page within seconds.
      </p>
      {settings.isPending ? <p className="mt-5 text-ink-muted">Loading…</p> : null}
      {settings.isError ? <p className="mt-5 text-rim-700">{errorMessage(settings.error)}</p> : null}
      {data ? (
        <div className="mt-5 grid max-w-2xl gap-5">
          {settingsCards.map(({ key, Card }) => (
            <Card key={key} settings={data} />
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The sections of the settings page, top to bottom. */
export const settingsCards: { key: string; Card: (props: { settings: SettingsAnswer }) => ReactNode }[] = [
  { key: 'business', Card: BusinessDetailsCard },
  { key: 'photos', Card: PhotosCard },
  { key: 'samples', Card: SampleProjectsCard },
  { key: 'estimates', Card: () => <EstimateSettingsCard /> },
  { key: 'payment-schedule', Card: () => <DefaultScheduleCard /> },
  { key: 'payment-details', Card: () => <PaymentDetailsCard /> },
  { key: 'mail', Card: () => <MailSendingCard /> },
  { key: 'texts', Card: () => <TextMessagesCard /> },
];

const formValuesOf = (settings: SettingsAnswer): BusinessDetailsForm => ({
  phone: settings.details.phoneDisplay,
  // Before he saves, the sample address gives way to where his mail already goes.
  email: settings.saved ? settings.details.email : settings.mailTo,
  rocLicense: settings.details.rocLicense,
  googleReviewUrl: settings.details.googleReviewUrl,
  hours: formHoursOf(settings.details.hours),
  musicSiteUrl: settings.details.musicSiteUrl,
  songVideoUrl: settings.details.songVideoUrl,
  currentPassword: '',
});

function BusinessDetailsCard({ settings }: { settings: SettingsAnswer }) {
  const save = useSaveBusinessDetails();
  const form = useForm<BusinessDetailsForm>({
    resolver: zodResolver(businessDetailsFormSchema),
    defaultValues: formValuesOf(settings),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, control, setError, setValue, reset } = form;
  const { errors } = formState;
  // Where his mail goes now: a different address moves it, so it needs his password.
  const mailTo = settings.mailTo;
  const emailChanged = useWatch({ control, name: 'email' }).trim().toLowerCase() !== mailTo.toLowerCase();

  useEffect(() => reset(formValuesOf(settings)), [settings, reset]);

  const submit = handleSubmit((values) =>
    save.mutate(emailChanged ? values : { ...values, currentPassword: undefined }, {
      onSuccess: () =>
        toast({
          title: 'Details saved',
          description: emailChanged
            ? `Every page shows them within seconds. Your e-mail now comes to the new address; a note went to ${mailTo}.`
            : 'Every page shows them within seconds.',
        }),
      onError: (error) => {
        const fields = serverFieldErrors(error);
        for (const [name, message] of Object.entries(fields)) {
          if (name in form.getValues()) setError(name as keyof BusinessDetailsForm, { type: 'server', message });
        }
        toast({ title: 'Not saved', description: errorMessage(error), variant: 'destructive' });
      },
    }),
  );

  /** A text box of the form, registered under its name, with the error the schema or the server gives it. */
  const field = (
    name: Exclude<keyof BusinessDetailsForm, 'hours'>,
    label: string,
    props: Omit<TextFieldProps, 'label'>,
    options?: RegisterOptions<BusinessDetailsForm, typeof name>,
  ) => <TextField label={label} error={errors[name]?.message} {...props} {...register(name, options)} />;

  return (
    <CardSection title="Business details" icon={Building2}>
      {settings.saved ? null : (
        <p className="mt-1 text-sm text-ink-muted">
          The site still shows the sample details it was built with. Put in your own and press Save details.
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        {field('email', 'E-mail', {
          type: 'email',
          autoComplete: 'email',
          hint: 'Shown on the site. New-request alerts, reminders and password-reset links come to this address.',
        })}
        {emailChanged
          ? field('currentPassword', 'Current password', {
              type: 'password',
              autoComplete: 'current-password',
              hint: `Changing where your e-mail goes needs your password. ${mailTo} is told of the change.`,
            })
          : null}
        {field(
          'rocLicense',
          'ROC licence number',
          {
            autoCapitalize: 'characters',
            hint: 'The six digits on the Registrar of Contractors licence; the site shows them as ROC 123456.',
          },
          {
            // "312456" reads back as the site will show it.
            onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
              const licence = rocLicenceOf(event.target.value);
              if (licence) setValue('rocLicense', licence);
            },
          },
        )}
        {field('googleReviewUrl', 'Google review link', {
          ...webAddress,
          hint: 'In the Google Business Profile: "Ask for reviews". Starts with https://g.page/ or https://search.google.com/local/writereview.',
        })}
        <HoursFieldset form={form} fromEnvironment={settings.hoursFromEnvironment} />
        {field('musicSiteUrl', "Family band's site", { ...webAddress, hint: 'The link in the footer of every page.' })}
        {field('songVideoUrl', 'Song video', { ...webAddress, hint: 'The link in the story on the about page.' })}
        <Button type="submit" className="justify-self-start" disabled={save.isPending}>
          <Check aria-hidden="true" />
          Save details
        </Button>
      </form>
    </CardSection>
  );
}

/** The way to /owner/photos, from the Settings entry every owner page has. */
function PhotosCard() {
  return (
    <CardSection title="Photos" icon={Images}>
      <p className="mt-1 text-sm text-ink-muted">
        The home page, each service, the About page, the gallery samples and the payment QR codes show drawings until
        you put your own photos in their place.
      </p>
      <Link
        href="/photos"
        className="mt-3 inline-flex min-h-11 items-center font-semibold text-pine-800 underline underline-offset-4"
      >
        Replace the drawings with your photos
      </Link>
    </CardSection>
  );
}

function SampleProjectsCard({ settings }: { settings: SettingsAnswer }) {
  const hide = useHideSampleProjects();
  const id = useId();
  return (
    <CardSection title="Sample projects" icon={EyeOff}>
      <p className="mt-1 text-sm text-ink-muted">
        The gallery and the home page show six made-up sample projects next to yours. Once you have your own, take them
        off the site; you can bring them back at any time.
      </p>
      <label htmlFor={id} className="mt-4 flex min-h-11 items-center gap-3 font-semibold text-ink">
        <input
          id={id}
          type="checkbox"
          checked={settings.hideSampleProjects}
          disabled={hide.isPending}
          onChange={(event) =>
            hide.mutate(event.target.checked, {
              onSuccess: (answer) =>
                toast({
                  title: answer.hideSampleProjects ? 'Sample projects hidden' : 'Sample projects back on the site',
                  description: 'The gallery and the home page change within seconds.',
                }),
              onError: toastFailure('Not changed'),
            })
          }
          className="size-5 shrink-0 accent-pine-700"
        />
        Hide the sample projects
      </label>
    </CardSection>
  );
}

type TextFieldProps = React.ComponentProps<'input'> & { label: string; hint?: string; error?: string };

/** A web address box: the keyboard with / and .com on a phone. */
const webAddress = { type: 'url', inputMode: 'url' } as const;

export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
        className={cn(controlClass, 'h-11 px-3')}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-rim-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `{ field: message }` from a refused save (the route's fieldErrors, first message of each). */
function serverFieldErrors(error: unknown): Record<string, string> {
  const fields = refusal<{ fieldErrors: Record<string, string[] | string> }>(error)?.fieldErrors ?? {};
  return Object.fromEntries(
    Object.entries(fields).map(([name, messages]) => [name, Array.isArray(messages) ? (messages[0] ?? '') : messages]),
  );
}
