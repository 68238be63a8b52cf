import { LoaderCircle, LockKeyhole } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { business } from '@shared/content/business';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { Problem } from '../app/feedback';
import { cardClass, controlClass, labelClass } from '../app/styles';

/** The card of the pages outside a session (sign-in, the reset link's): the business's mark, then the page. */
export function AccountCard({ kicker, children }: { kicker: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-pine-800 px-4 py-10">
      <div className={cn(cardClass, 'w-full max-w-sm p-6 sm:p-8')}>
        <div className="flex items-center gap-3">
          <img src="/img/brand/logo.svg" alt="" width={44} height={44} className="size-11" />
          <div>
            <p className="font-display text-lg leading-tight font-bold text-pine-900">{business.name}</p>
            <p className="text-xs font-semibold tracking-[0.12em] text-wood-700 uppercase">{kicker}</p>
          </div>
        </div>
        {children}
      </div>
    </main>
  );
}

/** A password box with its label, and what is wrong with it under it (named by the box). */
export function PasswordField({
  id,
  label,
  inputRef,
  value,
  onValue,
  problem,
  hintId,
  className,
  ...input
}: {
  id: string;
  label: string;
  inputRef: Ref<HTMLInputElement>;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  value: string;
  onValue: (value: string) => void;
  problem: string | null;
  /** What the box's description is while nothing is wrong. */
  hintId?: string;
  className?: string;
}) {
  const problemId = `${id}-problem`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="password"
        {...input}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : hintId}
        className={cn(controlClass, 'mt-1.5 h-12 px-3.5')}
      />
      {problem ? (
        <Problem id={problemId} className="mt-2" marked>
          {problem}
        </Problem>
      ) : null}
    </div>
  );
}

/** The form's one large button: a spinner while the server answers. */
export function PasswordSubmit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={pending} className="mt-5 w-full">
      {pending ? (
        <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
      ) : (
        <LockKeyhole aria-hidden="true" />
      )}
      {children}
    </Button>
  );
}
