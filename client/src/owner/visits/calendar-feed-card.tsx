import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { CardSection } from '../app/card-section';
import { CopyButton } from '../app/copy-button';
import { toastFailure } from '../app/feedback';
import { controlClass, labelClass } from '../app/styles';
import { useCalendarFeed, useRevokeCalendarFeed } from './visits-api';

const calendarApps = [
  {
    name: 'Google Calendar',
    steps:
      'On a computer, open Google Calendar, click + beside “Other calendars”, choose “From URL”, paste the address and click “Add calendar”. It shows on your phone too.',
  },
  {
    name: 'Apple Calendar (iPhone)',
    steps:
      'Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar, paste the address, tap Next and Save.',
  },
  {
    name: 'Outlook',
    steps:
      'In Outlook on the web: Add calendar → Subscribe from web, paste the address, name it “Estimate visits” and click Import.',
  },
];

export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const id = useId();
  const url = feed.data?.url ?? '';

  return (
    <CardSection title="Your calendar">
      <p className="mt-1 text-ink-soft">
        Subscribe to this private address in your phone’s calendar: every booked visit shows there with the homeowner’s
        name, phone, town and project, and cancelled ones go away. Keep it to yourself.
      </p>
      <label htmlFor={`${id}-url`} className={cn(labelClass, 'mt-3')}>
        Calendar address
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-url`}
          readOnly
          value={feed.isPending ? 'Loading…' : url}
          onFocus={(event) => event.target.select()}
          className={cn(controlClass, 'h-11 min-w-0 px-3 font-mono text-sm')}
        />
        <CopyButton text={url} what="the address" disabled={!url} />
      </div>
      <ul className="mt-4 flex flex-col gap-3">
        {calendarApps.map((app) => (
          <li key={app.name}>
            <p className="font-semibold text-pine-900">{app.name}</p>
            <p className="text-sm text-ink-soft">{app.steps}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-ink-muted">
        Calendars check for new visits every few hours (Google: up to a day). Shared the address by mistake? Make a new
        one: the old one stops working, and you subscribe again with the new one.
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(undefined, {
            onSuccess: () => toast({ title: 'New calendar address', description: 'The old one no longer works.' }),
            onError: toastFailure('Not changed'),
          })
        }
      >
        <RefreshCw aria-hidden="true" />
        Make a new address
      </Button>
    </CardSection>
  );
}
