import type { DeviceKind } from '../../db/schema';

/**
 * The kind of device a browser runs on, from its User-Agent: iPads and Android tablets (Android
 * without "Mobile") are tablets, other mobile browsers phones, the rest desktops. Only the kind is
 * kept, never the User-Agent.
 */
export function deviceKind(userAgent: string | undefined): DeviceKind {
  const agent = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(agent) || (/Android/i.test(agent) && !/Mobile/i.test(agent)))
    return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(agent)) return 'phone';
  return 'desktop';
}
