import type { Request, RequestHandler, Router } from 'express';
import { z, type ZodType } from 'zod';
import {
  estimateInputSchema,
  estimatePatchSchema,
  estimateSettingsSchema,
  lineTotalCents,
  type FrozenEstimate,
} from '@shared/schemas/estimates';
import { changeOrderInputSchema, changeOrderPatchSchema } from '@shared/schemas/change-orders';
import { HttpError } from '../services/errors';
import { jsonBody } from '../http/json-body';
import { renderEstimatePage } from '../http/estimate-page';
import { sendHomeownerPage } from '../http/homeowner-shell';
import { deviceLabel } from '../services/push/devices';
import type { EstimateService, EstimateUpdate } from '../services/estimates/estimate-service';
import type { EstimateSettingsStore } from '../services/estimates/estimate-settings';

export interface OwnerEstimateDeps {
  service: EstimateService;
  settings: EstimateSettingsStore;
}

/** Large enough for the most lines an estimate may have, so too many get the schema's message rather than 413. */
const bodyLimit = 256 * 1024;

/**
 * The owner's side of estimates, mounted by ownerRoutes behind the session: write one on a
 * request, change a draft, send it, revise a sent one, preview it, start from a past one, and
 * the defaults (tax rate, follow-up days) of /owner/settings.
 */
export function ownerEstimateRoutes(router: Router, deps: OwnerEstimateDeps & { sameOrigin: RequestHandler }): void {
  const { service, settings, sameOrigin } = deps;

  router.get('/estimate-settings', async (_req, res) => {
    res.json(await settings.get());
  });

  router.put('/estimate-settings', sameOrigin, jsonBody({ limitBytes: 8 * 1024 }), async (req, res) => {
    res.json(await settings.save(parse(estimateSettingsSchema, req.body)));
  });

  router.get('/estimates/past', async (_req, res) => {
    res.json({ estimates: await service.past() });
  });

  router.get('/requests/:id/estimates', async (req, res) => {
    res.json({ estimates: await service.listFor(uuidOf(req, 'There is no such request.')) });
  });

  router.post('/requests/:id/estimates', sameOrigin, jsonBody({ limitBytes: bodyLimit }), async (req, res) => {
    const requestId = uuidOf(req, 'There is no such request.');
    // `changeOf` makes it a change order of the approved estimate.
    const created = isChangeOrder(req.body)
      ? await service.createChangeOrder(requestId, parse(changeOrderInputSchema, req.body))
      : await service.create(requestId, parse(estimateInputSchema, req.body));
    res.status(201).json(created);
  });

  router.patch('/estimates/:id', sameOrigin, jsonBody({ limitBytes: bodyLimit }), async (req, res) => {
    const row = await service.get(uuidOf(req));
    const schema = row.kind === 'change-order' ? changeOrderPatchSchema : estimatePatchSchema;
    res.json(await service.update(row.id, parse<EstimateUpdate>(schema, req.body)));
  });

  router.post('/estimates/:id/send', sameOrigin, async (req, res) => {
    res.status(200).json(await service.send(uuidOf(req), deviceLabel(req.get('user-agent'))));
  });

  router.post('/estimates/:id/revise', sameOrigin, async (req, res) => {
    res.status(201).json(await service.revise(uuidOf(req)));
  });

  // The page exactly as the homeowner will see it, its forms inert: a draft as it would be sent.
  router.get('/estimates/:id/preview', async (req, res) => {
    const row = await service.get(uuidOf(req));
    const frozen: FrozenEstimate = row.frozen ?? {
      estimateId: row.id,
      version: row.version,
      business: await service.business(),
      homeowner: { ...(await service.homeownerOf(row.quoteRequestId)), address: row.address },
      project: await service.projectOf(row.quoteRequestId),
      items: row.items.map((item) => ({ ...item, lineTotalCents: lineTotalCents(item) })),
      taxRateMilli: row.taxRateMilli,
      notes: row.notes,
      validUntil: row.validUntil,
      sentAt: service.now().toISOString(),
      ...(await service.draftExtras(row)),
    };
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'self' 'unsafe-inline'; font-src 'self'; img-src 'self'; form-action 'none'; frame-ancestors 'self'",
    );
    res.setHeader('Referrer-Policy', 'no-referrer');
    await sendHomeownerPage(
      res,
      200,
      renderEstimatePage({ token: row.token, frozen, state: 'open', ticked: [], preview: true }),
    );
  });
}

const isChangeOrder = (body: unknown) => typeof body === 'object' && body !== null && 'changeOf' in body;

function uuidOf(req: Request, message = 'There is no such estimate.'): string {
  const id = z.uuid().safeParse(req.params.id);
  if (!id.success) throw new HttpError(404, message);
  return id.data.toLowerCase();
}

function parse<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}
