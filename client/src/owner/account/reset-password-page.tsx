import { KeyRound, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { resetLinkTexts, type ResetLinkState } from '@shared/schemas/owner-password-reset';
import { setupLinkHours, setupLinkTexts, setupPageText } from '@shared/schemas/owner-setup';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { errorMessage } from '../app/owner-api';
import { AccountCard, PasswordField, PasswordSubmit } from './account-card';
import { passwordSetFlag, refusedState, useResetLinkState, useSetNewPassword, type PasswordLink } from './reset-api';

/** What each kind of link's page says; the form is the same. */
const pageTexts = {
  reset: {
    title: 'Set a new password',
    intro:
      'At least 12 characters; a few words work well. You stay signed in here; every other phone and computer is signed out, and their notifications are turned off.',
    lasts: 'This link works once, for 30 minutes from when it was sent.',
    refused: resetLinkTexts,
  },
  setup: {
    title: setupPageText.title,
    intro: `${setupPageText.intro} At least 12 characters; a few words work well.`,
    lasts: `This link works once, for ${setupLinkHours} hours from when the site made it.`,
    refused: setupLinkTexts,
  },
} as const;

/** The card the link's pages share with the sign-in page. */
const ResetCard = ({ children }: { children: ReactNode }) => (
  <AccountCard kicker="Owner password">{children}</AccountCard>
);

/** A link that can set no password (used, expired, not ours): why, and the way back. */
function LinkRefused({ state, kind }: { state: Exclude<ResetLinkState, 'valid'>; kind: PasswordLink }) {
  const text = pageTexts[kind].refused[state];
  return (
    <ResetCard>
      <h1 className="mt-6 text-2xl font-bold">{text.title}</h1>
      <p className="mt-2 text-ink-soft">{text.body}</p>
      <a href="/owner" className={cn(buttonVariants({ variant: 'secondary', size: 'lg' }), 'mt-6 w-full')}>
        Go to the sign-in page
      </a>
    </ResetCard>
  );
}

/**
 * `/owner/reset/<token>`, reached signed out from the e-mail (and `/owner/setup/<token>`, the first
 * password's set-up link from the site's log, with `kind="setup"`): **New password**, **Repeat the new
 * password**, **Set the new password**. The server sends it with `Referrer-Policy: no-referrer` (and
 * owner.html says so too), so the token in its address goes nowhere else.
 */
export function ResetPasswordPage({ token, kind = 'reset' }: { token: string; kind?: PasswordLink }) {
  const texts = pageTexts[kind];
  const link = useResetLinkState(token, kind);
  const save = useSetNewPassword(token, kind);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<{ field: 'password' | 'repeat'; text: string } | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const second = useRef<HTMLInputElement>(null);
  const id = useId();

  if (link.isPending) {
    return (
      <ResetCard>
        <p role="status" className="mt-6 flex items-center gap-2 text-ink-muted">
          <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />
          Checking the link…
        </p>
      </ResetCard>
    );
  }
  if (link.isError) {
    return (
      <ResetCard>
        <h1 className="mt-6 text-2xl font-bold">The link could not be checked</h1>
        <p role="alert" className="mt-2 text-ink-soft">
          {errorMessage(link.error)} Check the connection and reload the page.
        </p>
      </ResetCard>
    );
  }
  const refused = refusedState(save.error);
  const state = refused ?? link.data;
  if (state !== 'valid') return <LinkRefused state={state} kind={kind} />;

  const fail = (field: 'password' | 'repeat', text: string) => {
    setProblem({ field, text });
    (field === 'password' ? first : second).current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return fail('password', 'Enter the new password.');
    if (repeat !== password) return fail('repeat', 'The two passwords are not the same.');
    setProblem(null);
    save.mutate(
      { password, repeat },
      {
        onSuccess: () => {
          try {
            sessionStorage.setItem(passwordSetFlag, '1');
          } catch {
            // Private mode without storage: the sign-in page just says nothing.
          }
          // Signed in by the answer: the inbox, a new page without the token in the address or the history.
          window.location.replace('/owner');
        },
        onError: (error) => {
          if (!refusedState(error)) fail('password', errorMessage(error));
        },
      },
    );
  };

  const field = (
    which: 'password' | 'repeat',
    label: string,
    value: string,
    onValue: (value: string) => void,
    ref: typeof first,
  ) => (
    <PasswordField
      id={`${id}-${which}`}
      label={label}
      inputRef={ref}
      name={which === 'password' ? 'new-password' : 'repeat-password'}
      autoComplete="new-password"
      autoFocus={which === 'password'}
      value={value}
      onValue={onValue}
      problem={problem?.field === which ? problem.text : null}
      hintId={which === 'password' ? `${id}-rules` : undefined}
      className={which === 'repeat' ? 'mt-4' : undefined}
    />
  );

  return (
    <ResetCard>
      <h1 className="mt-6 text-2xl font-bold">{texts.title}</h1>
      <p id={`${id}-rules`} className="mt-1 text-ink-muted">
        {texts.intro}
      </p>
      <form noValidate onSubmit={submit} className="mt-6">
        {field('password', 'New password', password, setPassword, first)}
        {field('repeat', 'Repeat the new password', repeat, setRepeat, second)}
        <PasswordSubmit pending={save.isPending}>Set the new password</PasswordSubmit>
      </form>
      <p className="mt-6 flex items-start gap-1.5 text-sm text-ink-muted">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {texts.lasts}
      </p>
    </ResetCard>
  );
}
