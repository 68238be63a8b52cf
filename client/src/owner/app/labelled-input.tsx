import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { controlClass, labelClass } from './styles';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'className'> & {
  id: string;
  label: ReactNode;
  /** The text as he types it. */
  onValue: (value: string) => void;
  /** The wrapper's classes (a column span in the form's grid). */
  className?: string;
  /** What shows under the box, such as a hint its aria-describedby names. */
  children?: ReactNode;
};

/** A label over a one-line box in the owner's forms. */
export function LabelledInput({ id, label, onValue, className, children, ...input }: Props) {
  return (
    <div className={className}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        {...input}
        onChange={(event) => onValue(event.target.value)}
        className={cn(controlClass, 'mt-1.5 h-11 px-3')}
      />
      {children}
    </div>
  );
}
