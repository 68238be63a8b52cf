import { LogOut, ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage } from '../app/owner-api';
import { useSignOutEverywhere } from './account-api';
import { plural } from '../app/formats';
import { currentSubscription } from './push';
import { cardClass } from '../app/styles';

/**
 * A lost phone, a shared password: one tap signs out every phone and computer, this one too, and
 * stops notifications on every device. No second tap to confirm: nothing is lost by it (signing
 * in again and turning notifications back on undo it), and it is what to do in a hurry.
 */
export function SignOutEverywhereCard() {
  const headingId = useId();
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
      onError: (error) => toast({ title: 'Not signed out', description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <section aria-labelledby={headingId} className={cn(cardClass, 'mt-6 p-5')}>
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <ShieldAlert aria-hidden="true" className="size-5 text-wood-700" />
        Signed-in devices
      </h2>
      <p className="mt-1 text-ink-soft">
        Lost a phone, or someone else knows the password? Sign out everywhere ends every session, this one too, and
        stops notifications on every device. If the password may be known, change it too: on the sign-in page, tap
        Forgot the password? and a link to set a new one comes to your e-mail.
      </p>
      <Button variant="outline" size="md" className="mt-4" disabled={signOut.isPending} onClick={signOutNow}>
        <LogOut aria-hidden="true" />
        Sign out everywhere
      </Button>
    </section>
  );
}
