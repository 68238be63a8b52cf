import type { ClaimedOwnMessage, OutboxWorkerOptions, OwnDeliveryKind } from './outbox-worker';

type OwnSender = NonNullable<OutboxWorkerOptions['own']>;

/** One sender for the outbox's own messages out of one per kind (every kind of ownDeliveryKinds needs one). */
export function ownMessageSenders(byKind: Record<OwnDeliveryKind, OwnSender>): OwnSender {
  return {
    deliver: (message: ClaimedOwnMessage) => byKind[message.kind].deliver(message),
    isPermanent: (error: unknown, message: ClaimedOwnMessage) =>
      byKind[message.kind].isPermanent?.(error, message) ?? false,
  };
}
