import type { Request, RequestHandler, Router } from 'express';
import { z, type ZodType } from 'zod';
import { arizonaDay } from '@shared/arizona-time';
import { invoiceInputSchema, paymentDetailsSchema, paymentInputSchema } from '@shared/schemas/invoices';
import type { DatabaseHandle } from '../db/client';
import { HttpError } from '../services/errors';
import { jsonBody } from '../http/json-body';
import { invoicesCsv, outstandingInvoices, paymentsCsv } from '../services/invoices/invoice-books';
import type { InvoiceService } from '../services/invoices/invoice-service';
import type { PaymentDetailsStore } from '../services/invoices/payment-details';

export interface OwnerInvoiceDeps {
  invoices: InvoiceService;
  paymentDetails: PaymentDetailsStore;
}

/**
 * The owner's side of invoices, mounted by ownerRoutes behind the session: his payment details,
 * a request's invoices (made from the approved job), send, void, payments and their undo, who
 * owes what, and the books' CSVs.
 */
export function ownerInvoiceRoutes(
  router: Router,
  deps: OwnerInvoiceDeps & { database: DatabaseHandle; sameOrigin: RequestHandler },
): void {
  const { invoices, paymentDetails, sameOrigin, database } = deps;

  router.get('/payment-details', async (_req, res) => {
    res.json(await paymentDetails.get());
  });

  router.put('/payment-details', sameOrigin, jsonBody({ limitBytes: 8 * 1024 }), async (req, res) => {
    res.json(await paymentDetails.save(parse(paymentDetailsSchema, req.body)));
  });

  router.get('/requests/:id/invoices', async (req, res) => {
    const id = uuidOf(req, 'There is no such request.');
    res.json({ invoices: await invoices.listFor(id), billing: await invoices.billing(id) });
  });

  router.post(
    '/requests/:id/invoices',
    sameOrigin,
    jsonBody({ limitBytes: 64 * 1024, allowEmpty: true }),
    async (req, res) => {
      const created = await invoices.create(
        uuidOf(req, 'There is no such request.'),
        parse(invoiceInputSchema, req.body ?? {}),
      );
      res.status(201).json(created);
    },
  );

  router.post('/invoices/:id/send', sameOrigin, async (req, res) => {
    res.json(await invoices.send(uuidOf(req)));
  });

  router.post('/invoices/:id/void', sameOrigin, async (req, res) => {
    res.json(await invoices.void(uuidOf(req)));
  });

  router.post('/invoices/:id/payments', sameOrigin, jsonBody({ limitBytes: 4 * 1024 }), async (req, res) => {
    const id = uuidOf(req);
    const input = parse(paymentInputSchema, req.body);
    const { balanceCents, replayed } = await invoices.pay(id, input, idempotencyKeyOf(req.get('idempotency-key')));
    res.status(201).json({ balance: balanceCents / 100, ...(replayed ? { alreadyRecorded: true } : {}) });
  });

  router.delete('/invoices/:id/payments/:paymentId', sameOrigin, async (req, res) => {
    const payment = z.uuid().safeParse(req.params.paymentId);
    if (!payment.success) throw new HttpError(404, 'There is no such payment on this invoice.');
    const { balanceCents } = await invoices.undo(uuidOf(req), payment.data.toLowerCase());
    res.json({ balance: balanceCents / 100 });
  });

  // Who owes what and for how long: the inbox's overdue list and the results' books.
  router.get('/books/outstanding', async (_req, res) => {
    res.json({ outstanding: await outstandingInvoices(database.db, invoices.now()) });
  });

  router.get('/books/invoices.csv', async (_req, res) => {
    sendCsv(res, `invoices-${arizonaDay(invoices.now())}.csv`, await invoicesCsv(database.db));
  });

  router.get('/books/payments.csv', async (_req, res) => {
    sendCsv(res, `payments-${arizonaDay(invoices.now())}.csv`, await paymentsCsv(database.db));
  });
}

function sendCsv(res: import('express').Response, name: string, csv: string) {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  res.send(csv);
}

/** A double tap's two requests carry one key (a UUID): the second finds the payment the first stored. */
function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const key = z.guid().safeParse(header.trim());
  if (!key.success) throw new HttpError(400, 'The Idempotency-Key header must be a UUID.');
  return key.data.toLowerCase();
}

function uuidOf(req: Request, message = 'There is no such invoice.'): string {
  const id = z.uuid().safeParse(req.params.id);
  if (!id.success) throw new HttpError(404, message);
  return id.data.toLowerCase();
}

function parse<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}
