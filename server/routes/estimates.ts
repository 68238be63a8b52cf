import { parseCookie } from 'cookie';
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import type { ZodType } from 'zod';
import { approveSchema, declineSchema, questionSchema, type DeclineReason } from '@shared/schemas/estimates';
import { HttpError } from '../services/errors';
import { jsonBody } from '../http/json-body';
import { bodyReader, formBody } from '../http/request-body';
import { rateLimitMessage, type PerMinuteCounter } from '../http/rate-limit';
import { estimateScript, estimateScriptPath } from '../http/estimate-page-assets';
import { renderEstimatePage, unknownEstimatePage, type EstimatePageView } from '../http/estimate-page';
import { sendHomeownerPage } from '../http/homeowner-shell';
import type { EstimateRow } from '../db/schema';
import type { EstimateBusiness } from '../services/estimates/business-snapshot';
import type { EstimateAnswers } from '../services/estimates/estimate-answers';
import { estimatePdfFile } from '../services/estimates/estimate-pdf-file';
import type { PdfMaker } from '../services/pdf/pdf-maker';
import { pdfFileName } from '../services/estimates/estimate-messages';
import { estimatePath, isExpired } from '../services/estimates/estimate-records';

export interface EstimateRouteDeps {
  answers: EstimateAnswers;
  limit: PerMinuteCounter;
  /** The stored PDFs: each version's made once, then served from storage. */
  pdfs: PdfMaker;
  /** PDF downloads per address and minute (a counter of their own, shared by every server on Postgres). */
  pdfLimit: PerMinuteCounter;
  /** Saved ticks of the optional lines (each tick is one): an allowance of their own, not the answers'. */
  optionsLimit: PerMinuteCounter;
  /** Whether the request comes from the owner signed in (his own look at the page is no view). */
  isOwner: (req: Request) => Promise<boolean>;
  clock?: () => Date;
  /** The business as the pages name it (the owner's saved details, else business.ts's). */
  business: () => Promise<EstimateBusiness>;
}

/** The token is in the address: nothing of these pages may reach a search engine or another site. */
function privateHeaders(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

const wantsJson = (req: Request) => req.is('application/json') !== false && req.is('application/json') !== null;

/** A form post (no scripts) or JSON (the API), by its Content-Type. */
function formOrJson(): RequestHandler {
  const json = jsonBody({ limitBytes: 8 * 1024 });
  const form = formBody({ limit: '16kb', parameterLimit: 120 });
  return bodyReader<RequestHandler>(
    (req, res, next) => (wantsJson(req) ? json(req, res, next) : form(req, res, next)),
    ['json', 'form'],
  );
}

const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const indexes = (value: unknown) =>
  list(value).map((item) => (typeof item === 'string' && /^\d{1,4}$/.test(item) ? Number(item) : item));

function parse<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}

/**
 * The homeowner's estimate: the page (/estimate/<token>), its PDF, and the answers (approve,
 * decline, question) as a plain form post (303 back to the page) or JSON. The page answers 404
 * until the version is sent.
 */
export function estimateRoutes(deps: EstimateRouteDeps): Router {
  const { answers, limit } = deps;
  const now = deps.clock ?? (() => new Date());
  const router = express.Router();
  const body = formOrJson();

  router.get(estimateScriptPath, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/javascript').send(estimateScript);
  });

  /** The page's view of `row`; `ticked`: the options just sent with a refused answer, else those she saved. */
  async function viewOf(row: EstimateRow, ticked?: number[]): Promise<EstimatePageView> {
    const frozen = row.frozen!;
    const base = { token: row.token, frozen };
    if (row.status === 'approved')
      return {
        ...base,
        state: 'approved',
        ticked: row.approvedOptions ?? [],
        approval: {
          name: row.approvedName ?? '',
          at: row.approvedAt ?? new Date(0),
          totalCents: row.approvedTotalCents ?? row.totalCents,
        },
      };
    if (row.replacedBy) {
      const current = await answers.currentOf(row);
      return {
        ...base,
        state: 'replaced',
        ticked: [],
        replacedByPath: current ? estimatePath(current.token) : undefined,
      };
    }
    if (row.status === 'declined')
      return {
        ...base,
        state: 'declined',
        ticked: [],
        decline: { reason: (row.declineReason as DeclineReason | null) ?? null, comment: row.declineComment },
      };
    if (isExpired(row, now())) return { ...base, state: 'expired', ticked: [] };
    const optional = (ticked ?? row.chosenOptions ?? []).filter((index) => frozen.items[index]?.optional);
    return { ...base, state: 'open', ticked: optional };
  }

  async function sendPage(res: Response, status: number, view: EstimatePageView) {
    privateHeaders(res);
    await sendHomeownerPage(res, status, renderEstimatePage(view));
  }

  async function notFound(res: Response) {
    privateHeaders(res);
    await sendHomeownerPage(res, 404, unknownEstimatePage(await deps.business()));
  }

  router.get('/estimate/:token', async (req, res) => {
    const row = await answers.byToken(String(req.params.token));
    if (!row) return notFound(res);
    // An address with ?options= (the form without scripts before her ticks were kept) still shows them.
    const asked = req.query.options === undefined ? undefined : indexes(req.query.options);
    const view = await viewOf(
      row,
      asked?.filter((item): item is number => typeof item === 'number'),
    );
    if (req.query.asked === '1')
      view.notice = { tone: 'success', text: 'Thank you: your question was sent. We will answer by phone or e-mail.' };
    if (typeof req.query.name === 'string' && view.state === 'open')
      view.values = { name: req.query.name.slice(0, 120), accept: false };
    await sendPage(res, 200, view);
  });

  router.get('/estimate/:token/pdf', async (req, res) => {
    const row = await answers.byToken(String(req.params.token));
    if (!row) return notFound(res);
    privateHeaders(res);
    if ((await deps.pdfLimit.check(req, res)).limited) {
      res.status(429).type('text/plain').send(rateLimitMessage);
      return;
    }
    const pdf = await estimatePdfFile(deps.pdfs, row);
    res.setHeader('Content-Disposition', `inline; filename="${pdfFileName(row.frozen!, row.status === 'approved')}"`);
    res.type('application/pdf').send(pdf);
  });

  // The page's script, once the page is shown: the first view tells the owner (never his own).
  router.post('/estimate/:token/viewed', limit.handler, async (req, res) => {
    privateHeaders(res);
    if (!(await deps.isOwner(req))) await answers.viewed(String(req.params.token));
    res.status(204).end();
  });

  /** An answer refused: JSON gets the error; a form gets the page again with the message and what was typed. */
  async function refused(req: Request, res: Response, error: unknown, values?: EstimatePageView['values']) {
    if (wantsJson(req) || !(error instanceof HttpError) || error.status === 404) throw error;
    const row = await answers.byToken(String(req.params.token));
    if (!row) return notFound(res);
    // The approve form sends her ticks (none ticked: none sent, so an empty value stands for none);
    // the other forms send none, and the page shows those she saved.
    const sent = (req.body as Record<string, unknown> | undefined)?.options;
    const ticked =
      sent === undefined && !req.path.endsWith('/approve') && !req.path.endsWith('/options')
        ? undefined
        : indexes(sent).filter((item): item is number => typeof item === 'number');
    const view = await viewOf(row, ticked);
    view.notice = { tone: 'error', text: error.message };
    view.values = values;
    await sendPage(res, error.status, view);
  }

  // Her ticks, saved as she makes them (the page's script), or by Update total (the form without scripts).
  router.post('/estimate/:token/options', deps.optionsLimit.handler, body, async (req: Request, res: Response) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const json = wantsJson(req);
    try {
      const { options } = parse(approveSchema.pick({ options: true }), json ? raw : { options: indexes(raw.options) });
      const result = await answers.choose(String(req.params.token), options);
      privateHeaders(res);
      if (json) res.status(200).json(result);
      else {
        // The name she typed before Update total stays in its box.
        const name =
          typeof raw.name === 'string' && raw.name.trim() ? `?name=${encodeURIComponent(raw.name.slice(0, 120))}` : '';
        res.redirect(303, `${estimatePath(String(req.params.token))}${name}`);
      }
    } catch (error) {
      await refused(req, res, error, { name: typeof raw.name === 'string' ? raw.name : '', accept: false });
    }
  });

  router.post('/estimate/:token/approve', limit.handler, body, async (req, res) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const json = wantsJson(req);
    const input = json
      ? raw
      : { name: raw.name, accept: raw.accept === 'true' || raw.accept === 'on', options: indexes(raw.options) };
    try {
      const answer = parse(approveSchema, input);
      const record = await answers.approve(String(req.params.token), answer, {
        ip: req.ip ?? null,
        userAgent: req.get('user-agent') ?? null,
      });
      req.log?.info({ first: record.first }, 'estimate approved');
      privateHeaders(res);
      if (json) res.status(200).json({ status: record.status, total: record.total });
      else res.redirect(303, estimatePath(String(req.params.token)));
    } catch (error) {
      await refused(req, res, error, {
        name: typeof raw.name === 'string' ? raw.name : '',
        accept: input.accept === true,
      });
    }
  });

  router.post('/estimate/:token/decline', limit.handler, body, async (req, res) => {
    try {
      const answer = parse(declineSchema, req.body ?? {});
      const result = await answers.decline(String(req.params.token), answer);
      privateHeaders(res);
      if (wantsJson(req)) res.status(200).json(result);
      else res.redirect(303, estimatePath(String(req.params.token)));
    } catch (error) {
      await refused(req, res, error);
    }
  });

  router.post('/estimate/:token/question', limit.handler, body, async (req, res) => {
    try {
      const { message } = parse(questionSchema, req.body ?? {});
      const result = await answers.question(String(req.params.token), message);
      privateHeaders(res);
      if (wantsJson(req)) res.status(200).json(result);
      else res.redirect(303, `${result.current ?? estimatePath(String(req.params.token))}?asked=1`);
    } catch (error) {
      await refused(req, res, error);
    }
  });

  // A body the reader refused (a NUL, too long) comes here: a form gets its page again, with what was typed.
  router.use('/estimate/:token/:answer', ((error, req, res, next) => {
    if (req.method !== 'POST') return next(error);
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const typed = {
      name: typeof raw.name === 'string' ? raw.name : '',
      accept: raw.accept === 'true' || raw.accept === 'on',
    };
    refused(req, res, error, req.params.answer === 'approve' ? typed : undefined).catch(next);
  }) satisfies ErrorRequestHandler);

  return router;
}

/** Whether the request carries a live session of the owner (the cookie of server/routes/owner.ts). */
export function ownerSessionCheck(
  cookieName: string,
  check: (token: string) => Promise<unknown>,
): (req: Request) => Promise<boolean> {
  return async (req) => {
    const token = parseCookie(req.headers.cookie ?? '')[cookieName];
    return token ? Boolean(await check(token)) : false;
  };
}
