import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { controlClass, labelClass } from './styles';

type Labelled = {
  /** The control's id; one of its own when not given. */
  id?: string;
  label: ReactNode;
  /** The text or choice as he changes it. */
  onValue: (value: string) => void;
  /** The wrapper's classes (a column span in the form's grid). */
  className?: string;
  /** The box's margin, height and padding, where a form sets them otherwise. */
  box?: string;
};

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'className'> &
  Labelled & {
    /** A line of help under the box, which the box's aria-describedby names. */
    hint?: ReactNode;
    /** What else shows under the box. */
    children?: ReactNode;
  };

/** The label over a control, in the wrapper that places both in the form. */
function LabelOver({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A label over a one-line box in the owner's forms. */
export function LabelledInput({ id, label, onValue, className, box, hint, children, ...input }: InputProps) {
  const boxId = useId();
  const inputId = id ?? boxId;
  const hintId = `${inputId}-hint`;
  return (
    <LabelOver id={inputId} label={label} className={className}>
      <input
        id={inputId}
        aria-describedby={hint ? hintId : undefined}
        {...input}
        onChange={(event) => onValue(event.target.value)}
        className={cn(controlClass, box ?? 'mt-1.5 h-11 px-3')}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {children}
    </LabelOver>
  );
}

/** A label over a list to choose from: each choice its value and, when they differ, its words. */
export function LabelledSelect({
  id,
  label,
  value,
  onValue,
  choices,
  className,
  box,
}: Labelled & { value: string; choices: readonly (string | readonly [value: string, text: string])[] }) {
  const own = useId();
  return (
    <LabelOver id={id ?? own} label={label} className={className}>
      <select
        id={id ?? own}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        className={cn(controlClass, box ?? 'mt-1.5 h-11 px-3')}
      >
        {choices.map((choice) => {
          const [option, text] = typeof choice === 'string' ? [choice, choice] : choice;
          return (
            <option key={option} value={option}>
              {text}
            </option>
          );
        })}
      </select>
    </LabelOver>
  );
}

/** A checkbox with its words beside it, the whole row a target for a thumb. */
export function LabelledCheckbox({
  checked,
  onChecked,
  className,
  children,
}: {
  checked: boolean;
  onChecked: (checked: boolean) => void;
  /** Added to the row's classes (its place in a grid). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn(className, 'flex min-h-11 items-center gap-2 font-semibold text-ink')}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        className="size-5 shrink-0 accent-pine-700"
      />
      {children}
    </label>
  );
}
