import { z } from 'zod';

/**
 * The owner's devices that get Web Push notifications: what the inbox (client/src/owner) sends
 * and receives from /api/owner/push (server/routes/owner-push.ts).
 */
const base64url = (name: string, bytes: number, extra?: (raw: Uint8Array) => boolean) =>
  z
    .string(`keys.${name} is missing.`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `keys.${name} must be base64url text.`, abort: true })
    .refine((value) => {
      const raw = decodeBase64url(value);
      return raw.length === bytes && (extra?.(raw) ?? true);
    }, `keys.${name} must be ${bytes} bytes.`);

function decodeBase64url(value: string): Uint8Array {
  try {
    const text = atob(value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string('endpoint is missing: send the PushSubscription as JSON.')
      .max(2048, 'endpoint is too long.')
      .refine(
        (value) => URL.canParse(value) && new URL(value).protocol === 'https:',
        'endpoint must be an https:// URL.',
      ),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        // An uncompressed P-256 point (0x04, x, y) and a 16-byte secret (RFC 8291).
        p256dh: base64url('p256dh', 65, (raw) => raw[0] === 4),
        auth: base64url('auth', 16),
      },
      'keys is missing: it must hold p256dh and auth.',
    ),
  },
  'Send the PushSubscription as a JSON object.',
);
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** A device that gets notifications, as the inbox lists it. */
export interface PushDevice {
  id: string;
  /** "iPhone · Safari" */
  label: string;
  endpoint: string;
  createdAt: string;
}
