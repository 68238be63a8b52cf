import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/utils';

/**
 * The static parts of the quote form, shared by the form and the placeholder that stands in for it
 * while its code loads (lazy-quote-form.tsx). Keeping them here keeps both the same height, and
 * keeps react-hook-form and zod out of the pages' own bundle.
 */
export interface QuoteFormProps {
  /** Heading level of 'Request a Free Quote' in the host page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** Id of the heading, e.g. for the host card's aria-labelledby. */
  headingId?: string;
  /** A line under the heading. */
  description?: ReactNode;
  /** Id of the outermost element (e.g. an in-page link target). */
  id?: string;
  className?: string;
}

export const quoteFormTitle = 'Request a Free Quote';

export const fieldHints = {
  message:
    'What helps us quote: the rough size (for example a 12 x 16 ft deck), when you would like it done, and access (stairs, a steep lot, a gate code).',
  photo: 'A photo of the area helps us quote. Large phone photos are resized before sending.',
} as const;

export const formGridClass = 'mt-6 grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2';
export const labelClass = 'block text-sm leading-5 font-semibold text-pine-900';
/** Every field's box; each kind adds its own size, spacing and background (classes are not merged). */
export const controlClass =
  'block w-full rounded-lg border border-ink-muted/60 text-base text-ink shadow-xs transition-colors placeholder:text-ink-muted hover:border-ink-muted focus-visible:border-pine-600 disabled:bg-cream-100 aria-invalid:border-rim-600 aria-invalid:ring-1 aria-invalid:ring-rim-600';
export const inputClass = 'mt-1.5 h-12 bg-white px-3.5';
/** Sits in a wrapper that holds the chevron and the top margin. */
export const selectClass = 'h-12 appearance-none bg-white pr-10 pl-3.5 invalid:text-ink-muted [&>option]:text-ink';
export const textareaClass = 'mt-1.5 h-32 resize-y bg-white px-3.5 py-3 leading-6';
/** The same boxes, inert, while the form's code loads. */
const placeholderControl = 'mt-1.5 block w-full rounded-lg border border-ink-muted/60 bg-cream-50';
export const hintClass = 'mt-1 text-sm text-ink-muted';

export function QuoteFormHeading({
  headingLevel = 2,
  headingId,
  description,
}: Pick<QuoteFormProps, 'headingLevel' | 'headingId' | 'description'>) {
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      <Heading id={headingId} className="text-2xl font-bold sm:text-3xl">
        {quoteFormTitle}
      </Heading>
      {description ? <p className="mt-3 text-ink-soft">{description}</p> : null}
    </>
  );
}

/** Label row of a field: the label, and 'Optional' beside it for the two optional fields. */
export function FieldLabel({
  htmlFor,
  id,
  optional,
  children,
}: {
  htmlFor?: string;
  id?: string;
  optional?: boolean;
  children: ReactNode;
}) {
  const label = htmlFor ? (
    <label htmlFor={htmlFor} id={id} className={labelClass}>
      {children}
    </label>
  ) : (
    <span id={id} className={labelClass}>
      {children}
    </span>
  );
  if (!optional) return label;
  return (
    <div className="flex items-baseline justify-between gap-3">
      {label}
      {/* Not part of the accessible name: screen readers hear which fields are required instead. */}
      <span aria-hidden="true" className="text-xs font-medium text-ink-muted">
        Optional
      </span>
    </div>
  );
}

const placeholderFields = [
  { label: 'Name' },
  { label: 'Phone' },
  { label: 'Email' },
  { label: 'Project Type' },
  { label: 'City' },
  { label: 'Budget Range' },
] as const;

/**
 * What shows until the form's code has loaded (and in the prerendered HTML): the real heading,
 * then an inert outline of the fields with the form's exact layout, so nothing moves when the form
 * arrives.
 */
export function QuoteFormPlaceholder({
  id,
  className,
  ref,
  ...heading
}: QuoteFormProps & { ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} id={id} className={className}>
      <QuoteFormHeading {...heading} />
      <div role="status" className="sr-only">
        Loading the quote form…
      </div>
      <div aria-hidden="true" className={cn(formGridClass, 'pointer-events-none select-none')}>
        {placeholderFields.map(({ label }) => (
          <div key={label}>
            <FieldLabel>{label}</FieldLabel>
            <div className={cn(placeholderControl, 'h-12')} />
          </div>
        ))}
        <div className="sm:col-span-2">
          <FieldLabel optional>Message</FieldLabel>
          <div className={cn(placeholderControl, 'h-32')} />
          <p className={hintClass}>{fieldHints.message}</p>
        </div>
        <PhotoFieldFrame
          label={<FieldLabel optional>Photo</FieldLabel>}
          control={<div className="h-11 w-40 rounded-lg border-2 border-pine-800/30" />}
          status={null}
        />
        <SubmitRow button={<div className="h-13 w-full rounded-lg bg-rim-600/40 sm:w-56" />} />
      </div>
    </div>
  );
}

/** The photo field's frame: label, hint, the button row and one status line of fixed height. */
export function PhotoFieldFrame({
  label,
  labelId,
  hintId,
  control,
  status,
  statusId,
}: {
  label: ReactNode;
  /** When given, the frame is a group named by this label. */
  labelId?: string;
  hintId?: string;
  control: ReactNode;
  status: ReactNode;
  statusId?: string;
}) {
  return (
    <div role={labelId ? 'group' : undefined} aria-labelledby={labelId} className="sm:col-span-2">
      {label}
      <p id={hintId} className={hintClass}>
        {fieldHints.photo}
      </p>
      <div className="mt-2.5 flex flex-wrap items-center gap-x-3 gap-y-2">{control}</div>
      <div id={statusId} role="status" className="mt-2 min-h-5 text-sm leading-5">
        {status}
      </div>
    </div>
  );
}

export function SubmitRow({ button }: { button: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 pt-1 sm:col-span-2 sm:flex-row sm:items-center sm:gap-5">
      {button}
      <p className="text-sm text-ink-muted">Free and without obligation.</p>
    </div>
  );
}
