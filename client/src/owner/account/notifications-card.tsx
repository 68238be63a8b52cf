import { Bell, BellRing, LoaderCircle, Smartphone, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PushDevice } from '@shared/schemas/owner-push';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { CardSection } from '../app/card-section';
import { Problem, toastFailure } from '../app/feedback';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { fetchPushKey, useAddPushDevice, usePushDevices, useRemovePushDevice } from './account-api';
import { currentSubscription, NotificationsBlocked, pushSupport, subscribeThisDevice } from './push';

const addedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'America/Phoenix',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/**
 * "Notify me on this phone": the browser asks for permission only after that tap. Lists every
 * device that gets a notification for each new request and each reminder, each removable.
 */
export function NotificationsCard() {
  const devices = usePushDevices();
  const add = useAddPushDevice();
  const remove = useRemovePushDevice();
  const sessionEnded = useSessionEnded();
  const [support] = useState(pushSupport);
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((subscription) => live && setThisEndpoint(subscription?.endpoint ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const list = devices.data ?? [];
  const thisDevice = list.find((device) => device.endpoint === thisEndpoint);

  const notifyMe = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const subscription = await subscribeThisDevice(await fetchPushKey());
      const device = await add.mutateAsync(subscription);
      setThisEndpoint(device.endpoint);
      toast({
        title: 'Notifications are on',
        description: `${device.label} gets a notification for each new request.`,
      });
    } catch (error) {
      sessionEnded(error);
      setProblem(
        error instanceof NotificationsBlocked
          ? 'Notifications are blocked for this site. Allow them in the browser’s site settings, then tap again.'
          : error instanceof DOMException
            ? `This browser could not turn notifications on (${error.message}). Try again in a moment.`
            : errorMessage(error),
      );
    } finally {
      setBusy(false);
    }
  };

  const removeDevice = (device: PushDevice) =>
    remove.mutate(device.id, {
      onSuccess: async () => {
        if (device.endpoint === thisEndpoint) {
          await (await currentSubscription())?.unsubscribe().catch(() => undefined);
          setThisEndpoint(null);
        }
        toast({ title: `${device.label} gets no more notifications` });
      },
      onError: (error) => {
        sessionEnded(error);
        toastFailure('The device was not removed')(error);
      },
    });

  return (
    <CardSection title="Notifications" icon={Bell} className="mt-8">
      <p className="mt-1 text-ink-soft">
        A notification for every new request, and a reminder when one has waited an hour of business time.
      </p>

      {thisDevice ? (
        <p className="mt-4 flex items-center gap-2 font-semibold text-pine-800">
          <BellRing aria-hidden="true" className="size-5" />
          This device gets notifications.
        </p>
      ) : support.kind === 'supported' ? (
        <Button variant="primary" size="md" className="mt-4" disabled={busy} onClick={() => void notifyMe()}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <BellRing aria-hidden="true" />
          )}
          Notify me on this phone
        </Button>
      ) : (
        <p className="mt-4 rounded-lg bg-cream-100 p-3 text-sm text-ink-soft">
          {support.kind === 'ios-install'
            ? 'On iPhone: tap Share, then Add to Home Screen, and open the inbox from there (iOS 16.4 or later).'
            : support.kind === 'ios-too-old'
              ? 'Notifications on iPhone need iOS 16.4 or later: update the phone, then add the inbox to the Home Screen.'
              : 'This browser cannot show notifications. Open the inbox in Chrome, Edge, Firefox or Safari.'}
        </p>
      )}
      {problem ? (
        <Problem className="mt-3" marked>
          {problem}
        </Problem>
      ) : null}

      <h3 className="mt-5 font-sans text-xs font-bold tracking-wide text-wood-700 uppercase" id="devices-heading">
        Devices that get notifications
      </h3>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{devices.isPending ? 'Loading…' : 'None yet.'}</p>
      ) : (
        <ul
          aria-labelledby="devices-heading"
          className="mt-2 divide-y divide-cream-200 rounded-lg border border-cream-200"
        >
          {list.map((device) => (
            <li key={device.id} className="flex items-center gap-3 px-3 py-2.5">
              <Smartphone aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-pine-900">
                  {device.label}
                  {device.endpoint === thisEndpoint ? (
                    <span className="ml-2 rounded-full bg-pine-100 px-2 py-0.5 text-xs font-bold text-pine-800">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-ink-muted">Added {addedOn(device.createdAt)}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${device.label}`}
                disabled={remove.isPending}
                onClick={() => removeDevice(device)}
              >
                <Trash2 aria-hidden="true" />
                <span className="hidden sm:inline">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
