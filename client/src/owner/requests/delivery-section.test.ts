import { describe, expect, it } from 'vitest';
import type { DeliveryState } from '@shared/schemas/owner-inbox';
import { deliveryText } from './delivery-section';

const now = Date.parse('2026-11-20T21:00:00.000Z');
const delivery = (fields: Partial<DeliveryState>): DeliveryState => ({
  id: '1',
  kind: 'review_request',
  device: null,
  reminderMinutes: null,
  status: 'pending',
  attempts: 0,
  lastError: null,
  sentAt: null,
  nextAttemptAt: new Date(now).toISOString(),
  ...fields,
});

describe('what became of a message, on the request page', () => {
  it('reads a message waiting for its time as waiting: the review request right after Job done', () => {
    const due = new Date(now + 2 * 3600_000).toISOString();
    expect(deliveryText(delivery({ nextAttemptAt: due }), now)).toBe('Sending in about 2 hours');
    expect(deliveryText(delivery({ nextAttemptAt: new Date(now + 25 * 60_000).toISOString() }), now)).toBe(
      'Sending in about 25 minutes',
    );
  });

  it('reads a message being sent (claimed: a try counted, no error) as being sent, not as a failure', () => {
    expect(deliveryText(delivery({ attempts: 1 }), now)).toBe('Sending now');
  });

  it('reads a failed try as a failure, with its error', () => {
    const text = deliveryText(
      delivery({ attempts: 2, lastError: 'SMTP 421 try later', nextAttemptAt: new Date(now + 600_000).toISOString() }),
      now,
    );
    expect(text).toMatch(/^Not sent yet: SMTP 421 try later\. Next try /);
    expect(deliveryText(delivery({ status: 'failed', attempts: 9, lastError: 'Mailbox unavailable' }), now)).toBe(
      'Failed after 9 tries: Mailbox unavailable',
    );
  });
});
