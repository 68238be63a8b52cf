import express, { type Request, type Response, type Router } from 'express';
import type { DatabaseHandle } from '../db/client';
import { escapeHtml, sendHomeownerPage, type HomeownerPage } from '../http/homeowner-shell';
import { formBody } from '../http/request-body';
import { estimatePath } from '../services/estimates/estimate-records';
import {
  estimateAddress,
  unsubscribeFromFollowUps,
  unsubscribedFromFollowUps,
} from '../services/follow-up-unsubscribes';

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * `/estimate/<token>/unsubscribe`, the link of an estimate follow-up's `List-Unsubscribe`: GET shows
 * a page with one button (mail scanners open links: a GET changes nothing), POST, from that button
 * or from the mail app's own Unsubscribe (RFC 8058, no cookie, no Origin), stops the follow-ups
 * and review reminders to her address (services/follow-up-unsubscribes.ts).
 */
export function followUpUnsubscribeRoutes(deps: { database: DatabaseHandle }): Router {
  const { db } = deps.database;
  const router = express.Router();
  const form = formBody({ limit: '1kb', parameterLimit: 5 });
  const addressOf = async (req: Request) => {
    const token = String(req.params.token ?? '');
    return tokenPattern.test(token) ? { token, email: await estimateAddress(db, token) } : null;
  };
  const send = (res: Response, status: number, page: HomeownerPage) => {
    res.setHeader('Referrer-Policy', 'no-referrer');
    return sendHomeownerPage(res, status, page);
  };

  router.get('/estimate/:token/unsubscribe', async (req, res) => {
    const found = await addressOf(req);
    if (!found?.email) return send(res, 404, unknownPage);
    await send(res, 200, (await unsubscribedFromFollowUps(db, found.email)) ? donePage : askPage(found.token));
  });

  router.post('/estimate/:token/unsubscribe', form, async (req, res) => {
    const found = await addressOf(req);
    if (!found?.email) return send(res, 404, unknownPage);
    const email = found.email;
    await deps.database.transaction((tx) => unsubscribeFromFollowUps(tx, email));
    req.log?.info('estimate follow-ups unsubscribed');
    await send(res, 200, donePage);
  });

  return router;
}

const card = (title: string, body: string, status: string): HomeownerPage => ({
  title,
  main: `<div class="hw-card">\n<h1>${escapeHtml(title)}</h1>\n${body}\n</div>`,
  status,
});

const askPage = (token: string) =>
  card(
    'Stop reminders?',
    `<p class="hw-lead">We will send this e-mail address no more reminders about estimates, and no review requests. Your estimate and its page stay as they are.</p>
<form method="post" action="${estimatePath(token)}/unsubscribe"><div><button type="submit" class="hw-button">Stop reminders</button></div></form>`,
    'unsubscribe',
  );

const donePage = card(
  'You will get no more reminders',
  '<p class="hw-lead">We will not send this address reminders or review requests again. Thank you for letting us know.</p>',
  'unsubscribed',
);

const unknownPage = card(
  'This link does not work',
  '<p class="hw-lead">It may have been copied only in part. Please open the link from our e-mail again.</p>',
  'unknown',
);
