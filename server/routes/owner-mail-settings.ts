import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import {
  mailServerSchema,
  mailSettingsMessages,
  mailUrlSchema,
  senderAddress,
  type MailServerInput,
  type MailTestResult,
} from '@shared/schemas/mail-settings';
import { jsonBody } from '../http/json-body';
import { HttpError } from '../services/errors';
import type { DomainChecker } from '../services/mail-settings/domain-check';
import { serverOfUrl, type MailSettings } from '../services/mail-settings/mail-settings';
import { sendTestMail } from '../services/mail-settings/mail-test';

export interface OwnerMailDeps {
  settings: MailSettings;
  checkDomain: DomainChecker;
  /** The owner's address: where the test e-mail goes, and DMARC's reports. */
  ownerAddress: () => Promise<string | null>;
  /** Saved: mail waiting in the outbox may go now (wakes the worker). */
  onSaved?: () => void;
}

/**
 * E-mail sending in Settings: /api/owner/mail-settings (GET without any password, PUT), its
 * test e-mail (`/test`, with the settings typed or else those in use) and Check my domain
 * (`/check-domain`). Mounted by ownerRoutes behind the session. A new mail server needs the
 * current password, as a new E-mail does: it carries the password-reset links.
 */
export function ownerMailRoutes(
  router: Router,
  deps: OwnerMailDeps & {
    sameOrigin: RequestHandler;
    confirmPassword: (req: Request, res: Response, password: string) => Promise<void>;
  },
): void {
  const { settings, sameOrigin } = deps;
  const view = async () => settings.view(await deps.ownerAddress());

  router.get('/mail-settings', async (_req, res) => {
    res.json(await view());
  });

  router.put('/mail-settings', sameOrigin, jsonBody({ limitBytes: 4096 }), async (req, res) => {
    const input = parsed(req.body);
    const before = await settings.route();
    const beforeHost =
      before.source === 'saved'
        ? before.server.host
        : before.source === 'server'
          ? serverOfUrl(before.url, '').host
          : null;
    if (beforeHost !== null && beforeHost.toLowerCase() !== input.host.toLowerCase()) {
      if (!input.currentPassword)
        throw new HttpError(403, mailSettingsMessages.currentPassword, {
          fieldErrors: { currentPassword: [mailSettingsMessages.currentPassword] },
        });
      await deps.confirmPassword(req, res, input.currentPassword);
    }
    await settings.save(input);
    req.log?.info({ host: input.host, port: input.port, secure: input.secure }, 'mail settings saved');
    deps.onSaved?.();
    res.json(await view());
  });

  router.post('/mail-settings/test', sameOrigin, jsonBody({ limitBytes: 4096 }), async (req, res) => {
    const to = await deps.ownerAddress();
    const typed = isEmpty(req.body) ? null : parsed(req.body);
    const reply = (result: MailTestResult) => res.json(result);
    if (!to)
      return reply({ ok: false, message: 'Save your e-mail address in Settings first: the test e-mail goes there.' });
    let server;
    let from;
    if (typed) ({ server, from } = await settings.complete(typed));
    else {
      const route = await settings.route();
      if (route.source === 'none') return reply({ ok: false, message: 'Fill in your mail server first.' });
      if (route.source === 'unreadable')
        return reply({
          ok: false,
          message: 'Type the mail password again: the one saved before cannot be read on this server.',
        });
      from = route.from;
      server =
        route.source === 'saved'
          ? route.server
          : await settings.complete(serverOfUrl(route.url, route.from)).then((c) => c.server);
    }
    const result = await sendTestMail(server, { from, to });
    req.log?.info({ host: server.host, port: server.port, ok: result.ok }, 'test e-mail');
    reply(result);
  });

  router.post('/mail-settings/check-domain', sameOrigin, jsonBody({ limitBytes: 1024 }), async (req, res) => {
    const body = z.object({ from: z.string().max(320).optional() }).safeParse(req.body ?? {});
    const route = await settings.route();
    const from = (body.success && body.data.from) || route.from;
    const domain = senderAddress(from)?.split('@')[1];
    if (!domain) throw new HttpError(400, mailSettingsMessages.from);
    const host =
      route.source === 'saved' ? route.server.host : route.source === 'server' ? new URL(route.url).hostname : null;
    try {
      res.json(await deps.checkDomain(domain.toLowerCase(), host, await deps.ownerAddress()));
    } catch {
      throw new HttpError(502, `The records of ${domain} could not be looked up just now. Try again in a minute.`);
    }
  });
}

/** `{ smtpUrl, from }` or the server's parts, as the parts; a refusal names the field. */
function parsed(body: unknown): MailServerInput & { currentPassword?: string } {
  if (typeof body === 'object' && body !== null && 'smtpUrl' in body) {
    const input = valid(mailUrlSchema, body);
    return { ...serverOfUrl(input.smtpUrl, input.from), currentPassword: input.currentPassword };
  }
  return valid(mailServerSchema, body);
}

function valid<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const { fieldErrors } = z.flattenError(result.error);
    throw new HttpError(400, result.error.issues[0]?.message ?? 'The mail settings are not valid.', { fieldErrors });
  }
  return result.data;
}

const isEmpty = (body: unknown) => !body || (typeof body === 'object' && Object.keys(body).length === 0);
