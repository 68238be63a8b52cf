import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { ChevronDown, CircleAlert, LoaderCircle } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode, type Ref } from 'react';
import { useForm, type FieldError, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { business } from '@shared/content/business';
import {
  budgetRanges,
  projectTypes,
  quoteLimits,
  quoteRequestSchema,
  type QuoteRequest,
} from '@shared/schemas/quote-request';
import { Button } from '@/components/ui/button';
import { sharedQueryClient } from '@/lib/query-client';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { PhotoField } from './photo-field';
import {
  FieldLabel,
  QuoteFormHeading,
  SubmitRow,
  controlClass,
  inputClass,
  selectClass,
  fieldHints,
  formGridClass,
  hintClass,
  textareaClass,
  type QuoteFormProps,
} from './quote-form-layout';
import { usePhotoUpload } from './use-photo-upload';
import { formSignals, idempotencyKeys, quotePayload, serverFieldErrors, useSubmitQuote } from './use-submit-quote';

export type { QuoteFormProps } from './quote-form-layout';

/** What the inputs hold. The selects start at '' (their placeholder), which the schema rejects. */
export interface QuoteFormValues {
  name: string;
  phone: string;
  email: string;
  projectType: string;
  city: string;
  budgetRange: string;
  message: string;
}

type FieldName = keyof QuoteFormValues;

const emptyValues: QuoteFormValues = {
  name: '',
  phone: '',
  email: '',
  projectType: '',
  city: '',
  budgetRange: '',
  message: '',
};

// The schema's input type has the enum unions for the selects; the inputs hold plain strings.
const resolver = zodResolver(quoteRequestSchema) as unknown as Resolver<QuoteFormValues, unknown, QuoteRequest>;

export const quoteToasts = {
  success: {
    title: 'Quote request submitted!',
    description: "We'll contact you within 24 hours to discuss your project.",
    duration: 5000,
  },
  failure: {
    title: 'Error submitting request',
    description: `Please try again or call us at ${business.phoneDisplay}`,
    variant: 'destructive',
  },
} as const;

export const submitLabels = { idle: 'Request Free Quote', pending: 'Submitting...' } as const;

/**
 * The quote request form (spec points 3 to 8). Validates with the shared schema on submit, then
 * again on every change; sends nothing while invalid or while a photo is still uploading; keeps
 * everything typed when sending fails.
 */
/**
 * The form brings its own React Query provider: React Query is only used here, so its code stays
 * in this lazily loaded chunk instead of every page's bundle.
 */
export function QuoteForm(props: QuoteFormProps) {
  return (
    <QueryClientProvider client={sharedQueryClient()}>
      <QuoteFormFields {...props} />
    </QueryClientProvider>
  );
}

function QuoteFormFields({ headingLevel = 2, headingId, description, id, className }: QuoteFormProps) {
  const generatedId = useId();
  const titleId = headingId ?? `${generatedId}-title`;
  const photo = usePhotoUpload();
  const submit = useSubmitQuote();
  const [keys] = useState(idempotencyKeys);
  const [spamSignals] = useState(formSignals);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<QuoteFormValues, unknown, QuoteRequest>({
    resolver,
    defaultValues: emptyValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const uploading = photo.state.status === 'uploading';
  const photoUrl = photo.state.status === 'uploaded' ? photo.state.photoUrl : undefined;

  const onValid = (values: QuoteRequest) => {
    // The button is disabled in both cases; this also covers Enter in a text field.
    if (submit.isPending || uploading) return;
    const payload = quotePayload(values, photoUrl);
    const signals = { idempotencyKey: keys.keyFor(payload), ...spamSignals.read() };
    submit.mutate(
      { payload, signals },
      {
        onSuccess: () => {
          keys.done();
          toast(quoteToasts.success);
          reset(emptyValues);
          photo.clear();
        },
        onError: (error) => {
          toast(quoteToasts.failure);
          const fromServer = serverFieldErrors(error);
          // A photo the server cannot find (e.g. the upload never finished) has to be added again.
          if (fromServer.photoUrl) photo.clear(fromServer.photoUrl);
          const fieldErrors = Object.entries(fromServer).filter(([field]) => field in emptyValues);
          fieldErrors.forEach(([field, message], index) =>
            setError(field as FieldName, { type: 'server', message }, { shouldFocus: index === 0 }),
          );
        },
      },
    );
  };

  const fieldProps = (name: FieldName, label: string) => ({
    name,
    label,
    error: errors[name],
    registration: register(name),
  });

  return (
    <div id={id} className={className}>
      <QuoteFormHeading headingLevel={headingLevel} headingId={titleId} description={description} />
      <form aria-labelledby={titleId} noValidate onSubmit={handleSubmit(onValid)} className={formGridClass}>
        <TextField {...fieldProps('name', 'Name')} autoComplete="name" maxLength={quoteLimits.name} />
        <TextField {...fieldProps('phone', 'Phone')} type="tel" autoComplete="tel" maxLength={quoteLimits.phone} />
        <TextField
          {...fieldProps('email', 'Email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={quoteLimits.email}
        />
        <SelectField
          {...fieldProps('projectType', 'Project Type')}
          placeholder="Select a project type"
          options={projectTypes}
        />
        <TextField {...fieldProps('city', 'City')} autoComplete="address-level2" maxLength={quoteLimits.city} />
        <SelectField
          {...fieldProps('budgetRange', 'Budget Range')}
          placeholder="Select a budget range"
          options={budgetRanges}
        />
        <Field {...fieldProps('message', 'Message')} optional hint={fieldHints.message} className="sm:col-span-2">
          {(control) => (
            <textarea {...control} maxLength={quoteLimits.message} className={cn(controlClass, textareaClass)} />
          )}
        </Field>
        <Honeypot inputRef={spamSignals.honeypotRef} />
        <PhotoField
          state={photo.state}
          inputRef={photo.inputRef}
          onChoose={(file) => void photo.choose(file)}
          onRemove={() => photo.clear()}
          disabled={submit.isPending}
        />
        <SubmitRow
          button={
            <Button type="submit" size="lg" disabled={submit.isPending || uploading} className="w-full sm:w-auto">
              {submit.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
                  {submitLabels.pending}
                </>
              ) : (
                submitLabels.idle
              )}
            </Button>
          }
        />
      </form>
    </div>
  );
}

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen readers,
 * ignored by autofill) that form-filling bots fill in.
 */
function Honeypot({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input ref={inputRef} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

interface FieldProps {
  name: FieldName;
  label: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn<FieldName>;
  optional?: boolean;
  hint?: string;
  className?: string;
}

type ControlProps = UseFormRegisterReturn<FieldName> & {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/** Label, control, hint and the error message the control is described by. */
function Field({
  name,
  label,
  error,
  registration,
  optional = false,
  hint,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const baseId = useId();
  const id = `${baseId}-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      {children({
        ...registration,
        id,
        required: optional ? undefined : true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {error?.message ? (
        <p id={errorId} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-rim-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

function TextField({
  type = 'text',
  ...props
}: FieldProps & Pick<ComponentProps<'input'>, 'type' | 'autoComplete' | 'maxLength' | 'spellCheck'>) {
  const { autoComplete, maxLength, spellCheck, ...fieldProps } = props;
  return (
    <Field {...fieldProps}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          spellCheck={spellCheck}
          className={cn(controlClass, inputClass)}
        />
      )}
    </Field>
  );
}

function SelectField({
  placeholder,
  options,
  ...props
}: FieldProps & { placeholder: string; options: readonly string[] }) {
  return (
    <Field {...props}>
      {(control) => (
        <div className="relative mt-1.5">
          <select
            {...control}
            // While the placeholder is chosen the select is :invalid (it is required), shown muted.
            className={cn(controlClass, selectClass)}
          >
            <option value="" disabled>
              {placeholder}
            </option>
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-ink-muted"
          />
        </div>
      )}
    </Field>
  );
}
