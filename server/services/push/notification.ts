/** What the inbox's service worker shows (public/owner-sw.js reads these fields). */
export interface PushNotificationPayload {
  /** "Deck in Pine — Dana Smith": project, city and name, and no more personal data. */
  title: string;
  body: string;
  /** The request in the inbox, opened when the notification is tapped. */
  url: string;
  /** One notification per request: a reminder replaces the earlier one. */
  tag: string;
  /** A reminder's "Mark as answered" action: the page with its button (never a tap that records). */
  answeredUrl?: string;
}

export function pushNotification(
  quote: { id: string; name: string; projectType: string; city: string },
  reminderMinutes: number | null,
): PushNotificationPayload {
  return {
    title: `${quote.projectType} in ${quote.city} — ${quote.name}`,
    body:
      reminderMinutes === null
        ? 'New quote request. Tap to open it.'
        : `Still waiting for an answer after ${businessDuration(reminderMinutes)} of business time.`,
    url: `/owner/requests/${quote.id}`,
    tag: `request-${quote.id}`,
    ...(reminderMinutes === null ? {} : { answeredUrl: `/owner/requests/${quote.id}/answered` }),
  };
}

/** 60 -> "1 hour", 1200 -> "20 hours", 90 -> "1 h 30 min", 45 -> "45 minutes". */
export function businessDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest) return `${hours} h ${rest} min`;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
