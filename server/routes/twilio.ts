import type { Request, RequestHandler, Router } from 'express';
import twilioWebhooks from 'twilio/lib/webhooks/webhooks';
import { formBody } from '../http/request-body';
import { HttpError } from '../services/errors';
import type { TextIncoming } from '../services/texts/text-incoming';

/**
 * What Twilio posts to the site: her texts (POST /api/twilio/incoming) and the delivery status of
 * ours (POST /api/twilio/status). Each must carry X-Twilio-Signature made with the owner's auth
 * token over SITE_URL + the path and the fields, checked with the official package's own
 * validation; anything else is refused with 403 and stored nowhere.
 */
export function twilioRoutes(
  router: Router,
  deps: { incoming: TextIncoming; siteUrl: string; limit?: RequestHandler },
) {
  const form = formBody({ limit: '16kb', parameterLimit: 60 });
  const pass: RequestHandler = (_req, _res, next) => next();

  async function signed(req: Request, path: string): Promise<Record<string, string>> {
    const token = await deps.incoming.authToken();
    const signature = req.get('x-twilio-signature');
    const fields = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, string>;
    if (!token || !signature || !twilioWebhooks.validateRequest(token, signature, `${deps.siteUrl}${path}`, fields))
      throw new HttpError(403, 'This post is not signed by Twilio for this site.');
    return fields;
  }

  router.post('/twilio/incoming', deps.limit ?? pass, form, async (req, res) => {
    const fields = await signed(req, '/api/twilio/incoming');
    if (typeof fields.From === 'string' && typeof fields.MessageSid === 'string')
      await deps.incoming.receive({ from: fields.From, body: String(fields.Body ?? ''), sid: fields.MessageSid });
    // No reply from here: STOP is confirmed by Twilio itself, and HELP and C are answered through the outbox.
    res.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });

  router.post('/twilio/status', deps.limit ?? pass, form, async (req, res) => {
    const fields = await signed(req, '/api/twilio/status');
    if (typeof fields.MessageSid === 'string' && typeof fields.MessageStatus === 'string')
      await deps.incoming.status({
        sid: fields.MessageSid,
        status: fields.MessageStatus,
        errorCode: typeof fields.ErrorCode === 'string' ? fields.ErrorCode : undefined,
      });
    res.status(204).end();
  });
}
