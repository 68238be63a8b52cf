/**
 * Where the browsers' push services live: a subscription names one of them as its endpoint, and
 * the server connects there on every new lead. Chrome (Firebase Cloud Messaging), Firefox
 * (Mozilla's autopush), Safari (Apple's web push) and Edge (Windows Push Notification Services).
 * `*.` stands for any subdomain. PUSH_SERVICE_HOSTS replaces the list (server/env.ts).
 */
export const defaultPushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** A host name, `*.` and a domain, or an IP address (tests list their own push service on loopback). */
export const pushServiceHostPattern = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$|^\[[0-9a-f:.]+\]$/;

/**
 * Whether `endpoint` is an https URL on one of `hosts`. Anything else (plain http, an address on
 * the server's own network, `localhost`, a host not listed) is not a push service, however it is
 * spelled: the check is on the host the URL parser finds, as the request would go.
 */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed,
  );
}
