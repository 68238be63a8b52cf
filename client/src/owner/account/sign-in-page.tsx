import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../app/owner-api';
import { AccountCard, PasswordField, PasswordSubmit } from './account-card';
import { useSignIn } from './account-api';
import { ForgotPassword, PasswordSetNotice } from './forgot-password';

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
