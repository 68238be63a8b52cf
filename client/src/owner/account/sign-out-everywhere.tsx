import { LogOut, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { CardSection } from '../app/card-section';
import { toastFailure } from '../app/feedback';
import { useSignOutEverywhere } from './account-api';
import { plural } from '../app/formats';
import { currentSubscription } from './push';

/**
 * A lost phone, a shared password: one tap signs out every phone and computer, this one too, and
 * stops notifications on every device. No second tap to confirm: nothing is lost by it (signing
 * in again and turning notifications back on undo it), and it is what to do in a hurry.
 */
export function SignOutEverywhereCard() {
  const signOut = useSignOutEverywhere();

  const signOutNow = () =>
    signOut.mutate(undefined, {
      onSuccess: async ({ sessionsEnded, devicesRemoved }) => {
        // This browser's own subscription is gone on the server; let the browser forget it too.
        await (await currentSubscription().catch(() => null))?.unsubscribe().catch(() => undefined);
        toast({
          title: 'Signed out everywhere',
          description:
            devicesRemoved === 0
              ? `${plural(sessionsEnded, 'session')} ended.`
              : `${plural(sessionsEnded, 'session')} ended; ${plural(devicesRemoved, 'device gets', 'devices get')} no more notifications.`,
        });
      },
      onError: toastFailure('Not signed out'),
    });

  return (
    <CardSection title="Signed-in devices" icon={ShieldAlert} className="mt-6">
      <p className="mt-1 text-ink-soft">
        Lost a phone, or someone else knows the password? Sign out everywhere ends every session, this one too, and
        stops notifications on every device. If the password may be known, change it too: on the sign-in page, tap
        Forgot the password? and a link to set a new one comes to your e-mail.
      </p>
      <Button variant="outline" size="md" className="mt-4" disabled={signOut.isPending} onClick={signOutNow}>
        <LogOut aria-hidden="true" />
        Sign out everywhere
      </Button>
    </CardSection>
  );
}
