/*
 * The owner's inbox service worker (scope /owner: public pages never get one). It shows the Web
 * Push notifications the server sends for new requests and reminders, and opens the request in
 * the inbox when one is tapped. It caches nothing: the inbox always shows the server's data.
 * The payload is { title, body, url, tag, answeredUrl? } (server/services/push/notification.ts):
 * a reminder offers "Mark as answered", which opens its page (the button there records it).
 */
const inboxPath = '/owner';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The notification for one push; exposed for the browser tests, which call it as a push would. */
self.showRequestNotification = (data) => {
  const payload = data && typeof data === 'object' ? data : {};
  return self.registration.showNotification(String(payload.title || 'New quote request'), {
    body: String(payload.body || ''),
    tag: String(payload.tag || 'quote-request'),
    // A reminder with the tag of an earlier notification alerts again instead of updating silently.
    renotify: Boolean(payload.tag),
    icon: '/icon-192.png',
    badge: '/favicon-32.png',
    data: payload.answeredUrl
      ? { url: inboxUrl(payload.url), answeredUrl: inboxUrl(payload.answeredUrl) }
      : { url: inboxUrl(payload.url) },
    actions: payload.answeredUrl ? [{ action: 'answered', title: 'Mark as answered' }] : [],
  });
};

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(self.showRequestNotification(data));
});

/** Only an address of the inbox itself is ever opened. */
function inboxUrl(url) {
  const target = new URL(typeof url === 'string' ? url : inboxPath, self.location.origin);
  const inInbox = target.pathname === inboxPath || target.pathname.startsWith(`${inboxPath}/`);
  return target.origin === self.location.origin && inInbox
    ? target.href
    : new URL(inboxPath, self.location.origin).href;
}

/**
 * Opens the notification's request: in an inbox window that is already open (it navigates
 * itself, keeping its session and state), otherwise in a new one.
 */
self.openRequest = async (url) => {
  const href = inboxUrl(url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const inbox = windows.find((client) => new URL(client.url).pathname.startsWith(inboxPath));
  if (inbox) {
    inbox.postMessage({ type: 'open-request', url: href });
    await inbox.focus().catch(() => undefined);
    return inbox;
  }
  return self.clients.openWindow(href);
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(self.openRequest(event.action === 'answered' && data.answeredUrl ? data.answeredUrl : data.url));
});
