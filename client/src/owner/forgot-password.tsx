import { CircleAlert, KeyRound, LoaderCircle, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from './api';
import { passwordSetFlag, useAskForResetLink, useResetAvailability } from './reset-api';

/** Where the server stands when it cannot send a link: said before a tap and after one. */
function NoMailNote() {
  return (
    <>
      E-mail is not set up on this server, so no link can be sent. Whoever runs the server can set a new password there
      with <code className="text-ink">npm run owner:password</code>.
    </>
  );
}

/**
 * **Forgot the password?**: one tap, nothing to type. The link goes to the owner's own address,
 * never shown here (anyone may open this page).
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
            <span>
              A link to set a new password is on its way to the owner’s e-mail. It works once, for 30 minutes.
            </span>
          </p>
        ) : ask.isError && !noMail ? (
          <p role="alert" className="mt-2 flex items-start gap-1.5 text-sm font-medium text-rim-700">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{errorMessage(ask.error)}</span>
          </p>
        ) : unavailable || noMail ? (
          <p role={noMail ? 'alert' : undefined} className="mt-2 text-sm text-ink-muted">
            <NoMailNote />
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** After a reset link set the password: said once, on the sign-in page the owner lands on. */
export function PasswordSetNotice() {
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
      The new password is set, and every phone and computer was signed out. Sign in with the new password.
    </p>
  );
}
