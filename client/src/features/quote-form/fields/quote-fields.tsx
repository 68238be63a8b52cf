import { ChevronDown, CircleAlert } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { quoteFieldLabels as labels, type QuoteFieldName } from '@shared/schemas/quote-form-post';
import { budgetRanges, projectTypes, quoteLimits } from '@shared/schemas/quote-options';
import { cn } from '@/lib/utils';
import {
  FieldLabel,
  controlClass,
  fieldHints,
  hintClass,
  inputClass,
  selectClass,
  textareaClass,
} from './quote-form-layout';

/**
 * The fields of the quote form, shared by the form served in the HTML (plain/plain-quote-form.tsx, which
 * posts without JavaScript) and the form that takes over once its code is in (enhanced/quote-form.tsx), so
 * both look and read the same. Only types come from react-hook-form: this file stays in the pages'
 * own code.
 */

/** A field of a form in the page (an input, a text area or a select), as the take-over reads and restores it. */
export function isFormField(element: unknown): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/** Fields with a caret position to read and set (an e-mail input or a select has none). */
export function hasCaret(field: Element): field is HTMLInputElement | HTMLTextAreaElement {
  return (
    field instanceof HTMLTextAreaElement ||
    (field instanceof HTMLInputElement && /^(text|search|tel|url|password)$/.test(field.type))
  );
}

/** What a control is given: react-hook-form's registration, or a name and the value to show. */
type FieldControl = Partial<UseFormRegisterReturn<QuoteFieldName>> & {
  name: QuoteFieldName;
  defaultValue?: string;
};

interface FieldProps {
  label: string;
  /** The message shown beside the field, if it was refused. */
  error: string | undefined;
  registration: FieldControl;
  optional?: boolean;
  hint?: string;
  className?: string;
}

type ControlProps = FieldControl & {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/** Label, control, hint and the error message the control is described by. */
export function Field({
  label,
  error,
  registration,
  optional = false,
  hint,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const baseId = useId();
  const id = `${baseId}-${registration.name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
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
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-rim-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
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

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen readers,
 * ignored by autofill) that form-filling bots fill in.
 */
export function Honeypot({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input ref={inputRef} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * Name, Phone, Email, Project Type, City, Budget Range and Message, in the specification's order:
 * one list for both forms, so the form served in the HTML and the one that takes over never differ.
 */
export function QuoteTextFields({ field }: { field: (name: QuoteFieldName, label: string) => FieldProps }) {
  return (
    <>
      <TextField {...field('name', labels.name)} autoComplete="name" maxLength={quoteLimits.name} />
      <TextField {...field('phone', labels.phone)} type="tel" autoComplete="tel" maxLength={quoteLimits.phone} />
      <TextField
        {...field('email', labels.email)}
        type="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={quoteLimits.email}
      />
      <SelectField
        {...field('projectType', labels.projectType)}
        placeholder="Select a project type"
        options={projectTypes}
      />
      <TextField {...field('city', labels.city)} autoComplete="address-level2" maxLength={quoteLimits.city} />
      <SelectField
        {...field('budgetRange', labels.budgetRange)}
        placeholder="Select a budget range"
        options={budgetRanges}
      />
      <Field {...field('message', labels.message)} optional hint={fieldHints.message} className="sm:col-span-2">
        {(control) => (
          <textarea {...control} maxLength={quoteLimits.message} className={cn(controlClass, textareaClass)} />
        )}
      </Field>
    </>
  );
}
