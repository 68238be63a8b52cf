import express, { type Response, type Router } from 'express';
import { arizonaDay } from '@shared/arizona-time';
import { renderInvoicePage, unknownInvoicePage } from '../http/invoice-page';
import { businessOf, sendHomeownerPage, siteContentOf } from '../http/homeowner-shell';
import { rateLimitMessage, type PerMinuteCounter } from '../http/rate-limit';
import type { InvoiceService } from '../services/invoices/invoice-service';
import { invoicePdfFile } from '../services/invoices/invoice-pdf-file';
import { balanceOf } from '../services/invoices/invoice-records';
import type { PdfMaker } from '../services/pdf/pdf-maker';
import { qrCodes, qrPicturesOf } from '../services/invoices/invoice-qr';
import type { SiteImageStore } from '../services/storage/site-images';

/** The token is in the address: nothing of these pages may reach a search engine or another site. */
function privateHeaders(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/** The homeowner's invoice: its page (/invoice/<token>) and its PDF. Read-only: she pays him as she always has. */
export function invoiceRoutes(deps: {
  invoices: InvoiceService;
  pdfs: PdfMaker;
  pdfLimit: PerMinuteCounter;
  /** Where his QR codes' PNGs are (the site's image store). */
  siteImages: SiteImageStore;
}): Router {
  const { invoices } = deps;
  const router = express.Router();

  async function notFound(res: Response) {
    privateHeaders(res);
    await sendHomeownerPage(
      res,
      404,
      unknownInvoicePage({ name: businessOf(res).name, phone: businessOf(res).phoneDisplay }),
    );
  }

  router.get('/invoice/:token', async (req, res) => {
    const found = await invoices.byToken(String(req.params.token));
    if (!found) return notFound(res);
    const { row, payments } = found;
    const balanceCents = balanceOf(row, payments);
    privateHeaders(res);
    await sendHomeownerPage(
      res,
      200,
      renderInvoicePage({
        token: row.token,
        frozen: row.frozen,
        void: row.status === 'void',
        payments: payments.map((payment) => ({
          amountCents: payment.amountCents,
          method: payment.method,
          receivedOn: payment.receivedOn,
          reference: payment.reference,
        })),
        balanceCents,
        overdue: balanceCents > 0 && row.dueDate < arizonaDay(invoices.now()),
        qr: qrPicturesOf(siteContentOf(res).pictures),
      }),
    );
  });

  router.get('/invoice/:token/pdf', async (req, res) => {
    const found = await invoices.byToken(String(req.params.token));
    if (!found) return notFound(res);
    privateHeaders(res);
    if ((await deps.pdfLimit.check(req, res)).limited) {
      res.status(429).type('text/plain').send(rateLimitMessage);
      return;
    }
    const qr = qrCodes(qrPicturesOf(siteContentOf(res).pictures), deps.siteImages);
    const pdf = await invoicePdfFile(deps.pdfs, found.row, found.payments, qr);
    res.setHeader('Content-Disposition', `inline; filename="invoice-${found.row.frozen.number}.pdf"`);
    res.type('application/pdf').send(pdf);
  });

  return router;
}
