import type { Ref } from 'react';
import { cn } from '@/lib/utils';
import { controlClass } from './styles';

/**
 * A whole-dollar amount on a phone: a text box with a "$" in front (typed text, so "1,200" and
 * "$1200" are read as the owner means them; parseDollars checks it) and the decimal keypad.
 */
export function DollarInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  inputRef,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="relative min-w-0 flex-1">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-ink-soft"
      >
        $
      </span>
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={cn(controlClass, 'h-12 pr-3 pl-7 tabular-nums')}
      />
    </div>
  );
}
