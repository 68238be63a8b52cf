import type { FrozenEstimate } from '@shared/schemas/estimates';
import { estimatePdf, type PdfApproval } from '../estimates/estimate-pdf';
import { invoicePdf, type InvoicePdfJob } from '../invoices/invoice-pdf';

/**
 * Every kind of PDF the server makes, as plain data a worker thread can be sent (structured
 * clone: no functions, no class instances but Date). A new kind (an invoice) is one more member
 * here and one more case in renderPdfJob.
 */
export type PdfJob = { kind: 'estimate'; frozen: FrozenEstimate; approval?: PdfApproval } | InvoicePdfJob;

/** Renders one job: what the PDF worker runs (pdf-worker.ts), never the server's main thread. */
export function renderPdfJob(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case 'estimate':
      return estimatePdf(job.frozen, job.approval);
    case 'invoice':
      return invoicePdf(job);
    default:
      throw new Error(`Not a kind of PDF: ${(job as { kind: string }).kind}`);
  }
}
