import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import { isPushServiceEndpoint } from '@shared/push-service-hosts';
import { pushSubscriptionSchema } from '@shared/schemas/owner-push';
import type { DatabaseHandle } from '../db/client';
import { HttpError } from '../services/errors';
import { jsonBody } from '../http/json-body';
import { createPushDevices } from '../services/push/devices';
import type { VapidKeys } from '../services/push/vapid-keys';

/**
 * /api/owner/push/*: the devices that get Web Push notifications. Mounted by ownerRoutes behind
 * the session; changes need the site's own Origin like every change of the inbox.
 */
export function ownerPushRoutes(
  router: Router,
  deps: {
    database: DatabaseHandle;
    sameOrigin: RequestHandler;
    vapidKeys: () => Promise<VapidKeys>;
    /** PUSH_SERVICE_HOSTS: where a subscription's endpoint may be. */
    pushServiceHosts: readonly string[];
  },
): void {
  const { database, sameOrigin, vapidKeys } = deps;
  const devices = createPushDevices(database);

  // The browser subscribes with this key; pushes signed with its private half reach the device.
  router.get('/push/key', async (_req, res) => {
    res.json({ publicKey: (await vapidKeys()).publicKey });
  });

  router.get('/push/subscriptions', async (_req, res) => {
    res.json({ devices: await devices.list() });
  });

  router.post('/push/subscriptions', sameOrigin, jsonBody({ limitBytes: 4096 }), async (req, res) => {
    const parsed = pushSubscriptionSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(400, issue?.message ?? 'This is not a push subscription.');
    }
    // The server connects to the endpoint on every new lead: it must be a browser's push service,
    // never an address inside the server's network.
    if (!isPushServiceEndpoint(parsed.data.endpoint, deps.pushServiceHosts)) {
      throw new HttpError(400, 'endpoint must be on a browser’s push service (see PUSH_SERVICE_HOSTS).');
    }
    res.status(201).json(await devices.add(parsed.data, req.get('user-agent')));
  });

  router.delete('/push/subscriptions/:id', sameOrigin, async (req, res) => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success || !(await devices.remove(id.data.toLowerCase()))) {
      throw new HttpError(404, 'There is no such device.');
    }
    res.status(204).end();
  });
}
