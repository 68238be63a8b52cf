import type { ReactNode } from 'react';

/**
 * The static parts of the quote form, shared by the plain form served in the HTML
 * (plain/plain-quote-form.tsx) and the form that takes its place once its code loads (enhanced/quote-form.tsx).
 * Keeping them here keeps both the same height, and keeps react-hook-form and zod out of the
 * pages' own bundle.
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

const quoteFormTitle = 'Request a Free Quote';

export const fieldHints = {
  message:
    'What helps us quote: the rough size (for example a 12 x 16 ft deck), when you would like it done, and access (stairs, a steep lot, a gate code).',
  photo: 'A photo of the area helps us quote. Large phone photos are resized before sending.',
  /** The plain form sends the file as it is. */
  plainPhoto: 'A photo of the area helps us quote (up to 15 MB).',
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

/** The photo field's frame: label, hint, the button row and one status line of fixed height. */
export function PhotoFieldFrame({
  label,
  labelId,
  hintId,
  control,
  status,
  statusId,
  hint = fieldHints.photo,
}: {
  label: ReactNode;
  hint?: string;
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
        {hint}
      </p>
      <div className="mt-2.5 flex flex-wrap items-center gap-x-3 gap-y-2">{control}</div>
      <div id={statusId} role="status" className="mt-2 min-h-5 text-sm leading-5">
        {status}
      </div>
    </div>
  );
}

/** The submit button, the no-obligation note, and on the far side `secondary` (e.g. 'Clear form'). */
export function SubmitRow({ button, secondary }: { button: ReactNode; secondary?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 pt-1 sm:col-span-2 sm:flex-row sm:items-center sm:gap-5">
      {button}
      <p className="text-sm text-ink-muted">Free and without obligation.</p>
      {secondary ? <div className="sm:ml-auto">{secondary}</div> : null}
    </div>
  );
}
