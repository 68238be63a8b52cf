/**
 * The browser's side of the inbox's notifications: its service worker (public/owner-sw.js, scope
 * /owner only) and this device's push subscription.
 */
export const inboxScope = '/owner';
const workerUrl = '/owner-sw.js';

let registered = false;

/**
 * Registers the inbox's service worker (what makes the inbox installable); asks for nothing. Once
 * per page load, and only once the app stays on its page (signed in, or the sign-in form shown):
 * registered just before the same-site reload (app/same-site-arrival.ts), the worker could claim the
 * page being left, and the reloaded one stayed without it.
 */
export function registerInboxWorker(onOpenRequest: (path: string) => void): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  navigator.serviceWorker.register(workerUrl, { scope: inboxScope }).catch(() => undefined);
  // A tapped notification opens its request in this window (public/owner-sw.js openRequest).
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; url?: string } | null;
    if (data?.type !== 'open-request' || !data.url) return;
    const url = new URL(data.url, location.origin);
    if (url.origin === location.origin && url.pathname.startsWith(inboxScope)) onOpenRequest(url.pathname);
  });
}

export type PushSupport =
  | { kind: 'supported' }
  /** An iPhone or iPad takes notifications only from a web app added to the Home Screen. */
  | { kind: 'ios-install' }
  | { kind: 'ios-too-old' }
  | { kind: 'unsupported' };

export function pushSupport(): PushSupport {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  if (ios) {
    const [, major = '0', minor = '0'] = /OS (\d+)_(\d+)/.exec(ua) ?? /Version\/(\d+)\.(\d+)/.exec(ua) ?? [];
    if (Number(major) < 16 || (Number(major) === 16 && Number(minor) < 4)) return { kind: 'ios-too-old' };
    const standalone =
      matchMedia('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true;
    if (!standalone) return { kind: 'ios-install' };
  }
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return { kind: 'unsupported' };
  }
  return { kind: 'supported' };
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (
    (await navigator.serviceWorker.getRegistration(inboxScope)) ??
    navigator.serviceWorker.register(workerUrl, { scope: inboxScope })
  );
}

/** This device's subscription, without asking anything (null: none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const found = await navigator.serviceWorker.getRegistration(inboxScope);
  return found ? found.pushManager.getSubscription() : null;
}

export class NotificationsBlocked extends Error {}

/** Asks for permission (call it from a tap only) and subscribes this device to the server's key. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new NotificationsBlocked(permission);
  const worker = await registration();
  const key = base64urlBytes(publicKey);
  const existing = await worker.pushManager.getSubscription();
  // A subscription made for another server key cannot carry this server's pushes.
  if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const text = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((byte, i) => byte === b[i]);
}
