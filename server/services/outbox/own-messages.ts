import type { ClaimedOwnMessage, OutboxWorkerOptions, OwnDeliveryKind } from './outbox-worker';

type OwnSender = NonNullable<OutboxWorkerOptions['own']>;

/** One sender for the outbox's own messages out of one per kind (every kind of ownDeliveryKinds needs one). */
export function ownMessageSenders(
  byKind: Record<Exclude<OwnDeliveryKind, 'text'>, OwnSender> & { text?: OwnSender },
): OwnSender {
  const senderOf = (kind: OwnDeliveryKind): OwnSender => {
    const sender = byKind[kind];
    if (!sender) throw new Error(`No sender for ${kind} messages`);
    return sender;
  };
  return {
    deliver: (message: ClaimedOwnMessage) => senderOf(message.kind).deliver(message),
    isPermanent: (error: unknown, message: ClaimedOwnMessage) =>
      byKind[message.kind]?.isPermanent?.(error, message) ?? false,
  };
}
