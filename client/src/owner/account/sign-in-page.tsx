import { useId, useRef, useState, type FormEvent } from 'react';
import { ownerPasswordTexts } from '@shared/owner-password-texts';
import { errorMessage } from '../app/owner-api';
import { AccountCard, PasswordField, PasswordSubmit } from './account-card';
import { useSignIn } from './account-api';
import { ForgotPassword, PasswordSetNotice } from './forgot-password';
import { useSetupStatus } from './reset-api';

/**
 * No owner password yet: where the set-up link is, and nothing else (no form a stranger could use
 * to claim the site).
 */
function NoPasswordYet() {
  return (
    <AccountCard kicker="Owner sign-in">
      <h1 className="mt-6 text-2xl font-bold">Set your password first</h1>
      <p className="mt-2 text-ink-soft">{ownerPasswordTexts.noPasswordYet}</p>
    </AccountCard>
  );
}

/**
 * One field, `Password`, and `Sign in`: the owner is the only user. Wrong passwords and the lockout
 * say so plainly; **Forgot the password?** sends him a link to set a new one.
 */
export function SignInPage() {
  const setup = useSetupStatus();
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

  if (setup.data?.passwordSet === false) return <NoPasswordYet />;
  return (
    <AccountCard kicker="Owner sign-in">
      <h1 className="mt-6 text-2xl font-bold">Quote requests</h1>
      <p className="mt-1 text-ink-muted">Sign in to read and answer your leads.</p>
      <PasswordSetNotice signedIn={false} />
      <form noValidate onSubmit={submit} className="mt-6">
        <PasswordField
          id={`${id}-password`}
          label="Password"
          inputRef={input}
          name="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onValue={setPassword}
          problem={problem}
        />
        <PasswordSubmit pending={signIn.isPending}>Sign in</PasswordSubmit>
      </form>
      <ForgotPassword />
    </AccountCard>
  );
}
