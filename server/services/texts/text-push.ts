import { and, desc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { textMessages } from '../../db/schema';
import type { PushNotificationPayload } from '../push/notification';

/** A homeowner's text arrived on her request: her name and the text; a tap opens the request. */
export async function textPushPayload(
  database: DatabaseHandle,
  quote: { id: string; name: string },
): Promise<PushNotificationPayload> {
  const [text] = await database.db
    .select({ body: textMessages.body })
    .from(textMessages)
    .where(and(eq(textMessages.quoteRequestId, quote.id), eq(textMessages.direction, 'in')))
    .orderBy(desc(textMessages.createdAt))
    .limit(1);
  return {
    title: `Text from ${quote.name}`,
    body: (text?.body ?? 'A new text. Tap to open it.').slice(0, 180),
    url: `/owner/requests/${quote.id}`,
    tag: `text-${quote.id}`,
  };
}
