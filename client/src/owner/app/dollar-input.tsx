import type { ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { Problem } from './feedback';
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

/** A dollar amount with its Save button beside it, and what is wrong with the amount under both. */
export function DollarEntry({
  id,
  value,
  onChange,
  problem,
  hintId,
  inputRef,
  saving,
  variant,
  children,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  /** The hint over the box, which describes it too. */
  hintId?: string;
  inputRef?: Ref<HTMLInputElement>;
  saving: boolean;
  variant?: 'secondary';
  /** The button's words. */
  children: ReactNode;
}) {
  const problemId = `${id}-problem`;
  return (
    <>
      <div className="mt-1.5 flex gap-2">
        <DollarInput
          inputRef={inputRef}
          id={id}
          value={value}
          onChange={onChange}
          invalid={Boolean(problem)}
          describedBy={problem ? [problemId, hintId].filter(Boolean).join(' ') : hintId}
        />
        <Button type="submit" variant={variant} disabled={saving} className="h-12 shrink-0">
          {children}
        </Button>
      </div>
      {problem ? (
        <Problem id={problemId} className="mt-1.5">
          {problem}
        </Problem>
      ) : null}
    </>
  );
}
