import { KeyRound, LoaderCircle, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { ownerPasswordTexts } from '@shared/owner-password-texts';
import { resetSentText } from '@shared/schemas/owner-password-reset';
import { Button } from '@/components/ui/button';
import { Problem } from '../app/feedback';
import { errorMessage } from '../app/owner-api';
import { passwordSetFlag, useAskForResetLink, useResetAvailability } from './reset-api';

/**
 * **Forgot the password?**: one tap, nothing to type. The link goes to the owner's own address,
 * shown once sent only masked (`d•••@gmail.com`: anyone may open this page).
 */
export function ForgotPassword() {
  const availability = useResetAvailability();
  const ask = useAskForResetLink();
  const unavailable = availability.data?.available === false;
  const noMail = ask.error && 'status' in ask.error && ask.error.status === 503;

  return (
    <div className="mt-6 border-t border-cream-200 pt-5">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={ask.isPending}
        onClick={() => ask.mutate()}
        className="-ml-3 text-base underline underline-offset-4"
      >
        {ask.isPending ? (
          <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
        ) : (
          <KeyRound aria-hidden="true" />
        )}
        Forgot the password?
      </Button>
      <div aria-live="polite">
        {ask.isSuccess ? (
          <p role="status" className="mt-2 flex items-start gap-1.5 text-sm font-medium text-pine-800">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{resetSentText(ask.data.to)}</span>
          </p>
        ) : ask.isError && !noMail ? (
          <Problem className="mt-2" marked>
            <span>{errorMessage(ask.error)}</span>
          </Problem>
        ) : unavailable || noMail ? (
          <p role={noMail ? 'alert' : undefined} className="mt-2 text-sm text-ink-muted">
            {ownerPasswordTexts.noMail}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * After a reset link set the password: said once, on the page the owner lands on (the inbox, signed
 * in; the sign-in page should this browser have refused the session's cookie).
 */
export function PasswordSetNotice({ signedIn }: { signedIn: boolean }) {
  const [shown] = useState(() => {
    try {
      const flag = sessionStorage.getItem(passwordSetFlag);
      sessionStorage.removeItem(passwordSetFlag);
      return flag !== null;
    } catch {
      return false;
    }
  });
  if (!shown) return null;
  return (
    <p role="status" className="mt-4 rounded-lg bg-pine-50 px-3.5 py-3 text-sm font-medium text-pine-900">
      {signedIn
        ? 'Your new password is set, and you are signed in here. Every other phone and computer was signed out.'
        : 'Your new password is set, and every phone and computer was signed out. Sign in with the new password.'}
    </p>
  );
}
