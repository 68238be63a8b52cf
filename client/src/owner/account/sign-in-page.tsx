import { CircleAlert, LoaderCircle, LockKeyhole } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { business } from '@shared/content/business';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { errorMessage } from '../app/owner-api';
import { useSignIn } from './account-api';
import { ForgotPassword, PasswordSetNotice } from './forgot-password';
import { cardClass, controlClass, labelClass } from '../app/styles';

/**
 * One field, `Password`, and `Sign in`: the owner is the only user. Wrong passwords and the lockout
 * say so plainly; **Forgot the password?** sends him a link to set a new one.
 */
export function SignInPage() {
  const signIn = useSignIn();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem('Enter the password.');
      input.current?.focus();
      return;
    }
    setProblem(null);
    signIn.mutate(password, {
      onError: (error) => {
        setProblem(errorMessage(error));
        setPassword('');
        input.current?.focus();
      },
    });
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-pine-800 px-4 py-10">
      <div className={cn(cardClass, 'w-full max-w-sm p-6 sm:p-8')}>
        <div className="flex items-center gap-3">
          <img src="/img/brand/logo.svg" alt="" width={44} height={44} className="size-11" />
          <div>
            <p className="font-display text-lg leading-tight font-bold text-pine-900">{business.name}</p>
            <p className="text-xs font-semibold tracking-[0.12em] text-wood-700 uppercase">Owner sign-in</p>
          </div>
        </div>
        <h1 className="mt-6 text-2xl font-bold">Quote requests</h1>
        <p className="mt-1 text-ink-muted">Sign in to read and answer your leads.</p>
        <PasswordSetNotice signedIn={false} />
        <form noValidate onSubmit={submit} className="mt-6">
          <label htmlFor={`${id}-password`} className={labelClass}>
            Password
          </label>
          <input
            ref={input}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            className={cn(controlClass, 'mt-1.5 h-12 px-3.5')}
          />
          {problem ? (
            <p
              id={`${id}-problem`}
              role="alert"
              className="mt-2 flex items-start gap-1.5 text-sm font-medium text-rim-700"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {problem}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={signIn.isPending} className="mt-5 w-full">
            {signIn.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : (
              <LockKeyhole aria-hidden="true" />
            )}
            Sign in
          </Button>
        </form>
        <ForgotPassword />
      </div>
    </main>
  );
}
