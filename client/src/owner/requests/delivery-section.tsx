import { CircleAlert } from 'lucide-react';
import { arizonaLongDateTime } from '@shared/arizona-time';
import type { DeliveryState, RequestDetail } from '@shared/schemas/owner-inbox';
import { cn } from '@/lib/utils';
import { CardSection } from '../app/card-section';

const hoursText = (minutes: number | null) =>
  minutes === null ? '' : minutes % 60 ? ` after ${minutes} min` : ` after ${minutes / 60} h`;

function deliveryLabel(delivery: DeliveryState): string {
  switch (delivery.kind) {
    case 'owner_alert':
      return 'Alert e-mail to you';
    case 'confirmation':
      return 'Confirmation to the customer';
    case 'webhook':
      return 'Webhook';
    case 'owner_push':
      return 'Notification';
    case 'reminder_email':
      return `Reminder e-mail${hoursText(delivery.reminderMinutes)}`;
    case 'reminder_push':
      return `Reminder notification${hoursText(delivery.reminderMinutes)}`;
    case 'review_request':
      return 'Review request to the customer';
    case 'review_reminder':
      return 'Review reminder to the customer';
  }
}

/** "about 2 hours", "about 25 minutes", "about 3 days": how long until a message is due. */
export function aboutText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `about ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `about ${Math.round(hours / 24)} days`;
}

/**
 * What became of a message. Waiting reads as waiting (a message being sent has already been
 * counted a try): only a try that failed, with its error, reads as a failure.
 */
export function deliveryText(delivery: DeliveryState, now = Date.now()): string {
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`;
  switch (delivery.status) {
    case 'sent':
      return delivery.sentAt ? `Sent ${arizonaLongDateTime(new Date(delivery.sentAt))}` : 'Sent';
    case 'failed':
      return `Failed after ${tries}${delivery.lastError ? `: ${delivery.lastError}` : ''}`;
    case 'pending': {
      const next = new Date(delivery.nextAttemptAt);
      if (delivery.lastError) return `Not sent yet: ${delivery.lastError}. Next try ${arizonaLongDateTime(next)}`;
      const wait = next.getTime() - now;
      return wait < 60_000 ? 'Sending now' : `Sending in ${aboutText(wait)}`;
    }
  }
}

export function DeliverySection({ detail }: { detail: RequestDetail }) {
  return (
    <CardSection title="Alerts sent">
      {detail.spamReason ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-cream-100 p-3 text-sm text-ink-soft">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Screened as spam ({detail.spamReason}): no e-mails or notifications were sent for it.
        </p>
      ) : null}
      {detail.deliveries.length > 0 ? (
        <dl className="mt-3 grid gap-3">
          {detail.deliveries.map((delivery) => (
            <div key={delivery.id}>
              <dt className="text-xs font-bold tracking-wide text-wood-700 uppercase">{deliveryLabel(delivery)}</dt>
              <dd
                className={cn(
                  'mt-0.5 text-sm break-words',
                  delivery.status === 'failed' ? 'font-semibold text-rim-700' : 'text-ink',
                )}
              >
                {delivery.kind === 'owner_push' || delivery.kind === 'reminder_push' ? (
                  <span className="font-semibold">{delivery.device ?? 'A removed device'}: </span>
                ) : null}
                {deliveryText(delivery)}
              </dd>
            </div>
          ))}
        </dl>
      ) : detail.spamReason ? null : (
        <p className="mt-3 text-sm text-ink-muted">Nothing was sent for this request.</p>
      )}
    </CardSection>
  );
}
