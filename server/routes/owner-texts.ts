import type { Request, RequestHandler, Router } from 'express';
import { z } from 'zod';
import { business } from '@shared/content/business';
import {
  ownerTextSchema,
  textSettingsSchema,
  textTestSchema,
  type TextTestResult,
} from '@shared/schemas/text-settings';
import { usPhone } from '@shared/schemas/business-details';
import type { DatabaseHandle } from '../db/client';
import { jsonBody } from '../http/json-body';
import { HttpError } from '../services/errors';
import { savedBusinessDetails } from '../services/settings/site-settings';
import type { TextSettings } from '../services/texts/text-settings';
import { sendTestText } from '../services/texts/text-test';
import type { TextThreads } from '../services/texts/text-thread';

export interface OwnerTextDeps {
  database: DatabaseHandle;
  settings: TextSettings;
  threads: TextThreads;
  /** TWILIO_API_URL. */
  apiUrl?: string;
  /** Saved settings may let texts waiting in the outbox go now (wakes the worker). */
  onSaved?: () => void;
}

/**
 * Text messages in Settings (/api/owner/text-settings: GET without the token, PUT, and Send me a
 * test text at `/test`), his texts from a request's page (POST /requests/<id>/texts `{ body }`)
 * and the inbox's "Texts" of numbers with no request (GET /texts, POST /texts/<phone>).
 * Mounted by ownerRoutes behind the session.
 */
export function ownerTextRoutes(router: Router, deps: OwnerTextDeps & { sameOrigin: RequestHandler }): void {
  const { settings, sameOrigin, threads } = deps;
  const businessPhone = async () => (await savedBusinessDetails(deps.database.db))?.phoneE164 ?? business.phoneE164;
  const view = async () => settings.view(await businessPhone());

  router.get('/text-settings', async (_req, res) => {
    res.json(await view());
  });

  router.put('/text-settings', sameOrigin, jsonBody({ limitBytes: 2048 }), async (req, res) => {
    const input = valid(textSettingsSchema, req.body);
    if (!(await settings.save(input)))
      throw new HttpError(400, 'Please paste the auth token from your Twilio Console.', {
        fieldErrors: { authToken: ['Please paste the auth token from your Twilio Console.'] },
      });
    req.log?.info({ accountSid: input.accountSid, sender: input.sender }, 'text settings saved');
    deps.onSaved?.();
    res.json(await view());
  });

  // With the settings typed (a blank token: the one saved), else those in use; to `to`, else the business phone.
  router.post('/text-settings/test', sameOrigin, jsonBody({ limitBytes: 2048, allowEmpty: true }), async (req, res) => {
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const to = body.to ? valid(textTestSchema, { to: body.to }).to : await businessPhone();
    const reply = (result: TextTestResult) => res.json(result);
    let account;
    if (body.accountSid !== undefined) {
      account = await settings.complete(valid(textSettingsSchema, body));
      if (!account) return reply({ ok: false, message: 'Paste the auth token from your Twilio Console first.' });
    } else {
      const route = await settings.route();
      if (route.source === 'none') return reply({ ok: false, message: 'Fill in your Twilio account first.' });
      if (route.source === 'unreadable')
        return reply({
          ok: false,
          message: 'Type the auth token again: the one saved before cannot be read on this server.',
        });
      account = route.account;
    }
    const result = await sendTestText(account, to, deps.apiUrl);
    req.log?.info({ ok: result.ok }, 'test text');
    reply(result);
  });

  router.post('/requests/:id/texts', sameOrigin, jsonBody({ limitBytes: 8 * 1024 }), async (req, res) => {
    const { body } = valid(ownerTextSchema, req.body);
    const text = await threads.sendOnRequest(requestId(req), body);
    if (!text) throw new HttpError(404, 'There is no such request.');
    res.status(201).json(text);
  });

  router.get('/texts', async (_req, res) => {
    res.json({ threads: await threads.numberThreads() });
  });

  router.post('/texts/:phone', sameOrigin, jsonBody({ limitBytes: 8 * 1024 }), async (req, res) => {
    const { body } = valid(ownerTextSchema, req.body);
    const phone = usPhone(String(req.params.phone))?.e164;
    const text = phone ? await threads.sendToNumber(phone, body) : null;
    if (!text) throw new HttpError(404, 'There is no text thread with this number.');
    res.status(201).json(text);
  });

  // The thread made a quote request, with the fields a request needs: 201 { id }.
  router.post('/texts/:phone/request', sameOrigin, jsonBody({ limitBytes: 16 * 1024 }), async (req, res) => {
    const phone = usPhone(String(req.params.phone))?.e164;
    const id = phone ? await threads.turnIntoRequest(phone, req.body) : null;
    if (!id) throw new HttpError(404, 'There is no text thread with this number.');
    res.status(201).json({ id });
  });
}

function requestId(req: Request): string {
  const id = z.uuid().safeParse(req.params.id);
  if (!id.success) throw new HttpError(404, 'There is no such request.');
  return id.data.toLowerCase();
}

function valid<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const { fieldErrors } = z.flattenError(result.error as z.ZodError<Record<string, unknown>>);
    throw new HttpError(400, result.error.issues[0]?.message ?? 'Please check the text settings.', { fieldErrors });
  }
  return result.data;
}
