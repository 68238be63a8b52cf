import { desc, eq } from 'drizzle-orm';
import type { PushDevice, PushSubscriptionJson } from '@shared/schemas/owner-push';
import type { Database, DatabaseHandle } from '../../db/client';
import { deliveries, pushSubscriptions, type DeliveryKind } from '../../db/schema';

/** "iPhone · Safari", "Android · Chrome", "Mac · Firefox": enough to tell the owner's devices apart. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const device = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Macintosh|Mac OS X/.test(ua)
          ? 'Mac'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Linux|CrOS/.test(ua)
              ? 'Linux'
              : 'Device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser/.test(ua)
      ? 'Samsung Internet'
      : /Firefox|FxiOS/.test(ua)
        ? 'Firefox'
        : /Chrome|Chromium|CriOS/.test(ua)
          ? 'Chrome'
          : /Safari/.test(ua)
            ? 'Safari'
            : '';
  return browser ? `${device} · ${browser}` : device;
}

const toDevice = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: row.id,
  label: row.label,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
});

/** The owner's devices that get notifications. */
export function createPushDevices(database: DatabaseHandle) {
  const { db } = database;
  return {
    async list(): Promise<PushDevice[]> {
      return (await db.select().from(pushSubscriptions).orderBy(desc(pushSubscriptions.createdAt))).map(toDevice);
    },

    /** Adds a device, or renews the keys of one already there (the same endpoint). */
    async add(subscription: PushSubscriptionJson, userAgent: string | undefined): Promise<PushDevice> {
      const values = {
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        label: deviceLabel(userAgent),
      };
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
        .returning();
      return toDevice(row!);
    },

    /** False when there was no such device. */
    async remove(id: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.id, id))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },
  };
}

export type PushDevices = ReturnType<typeof createPushDevices>;

/**
 * Writes one push per device to the outbox, inside the caller's transaction (the request's own,
 * or a reminder's). No devices: nothing. Returns how many were written.
 */
export async function enqueuePushes(
  tx: Database,
  quoteRequestId: string,
  kind: Extract<DeliveryKind, 'owner_push' | 'reminder_push' | 'text_push'>,
  reminderMinutes: number | null = null,
): Promise<number> {
  const devices = await tx.select({ id: pushSubscriptions.id, label: pushSubscriptions.label }).from(pushSubscriptions);
  if (devices.length === 0) return 0;
  await tx.insert(deliveries).values(
    devices.map((device) => ({
      quoteRequestId,
      kind,
      pushSubscriptionId: device.id,
      deviceLabel: device.label,
      reminderMinutes,
    })),
  );
  return devices.length;
}
