import type { EstimateRow } from '../../db/schema';
import type { PdfJob } from '../pdf/pdf-jobs';
import type { PdfMaker } from '../pdf/pdf-maker';

/**
 * Raised whenever the estimate PDF's layout or wording changes (estimate-pdf.ts), so that the
 * PDFs stored before are made again in the new one rather than served as they were.
 */
const layoutVersion = 2;

/** Whether the version's PDF is the signed one: approved, with its record complete. */
const signed = (row: EstimateRow) =>
  row.status === 'approved' && row.approvedAt !== null && row.approvedName !== null && row.contentHash !== null;

/** What the version's PDF shows: the estimate as sent, and once approved, the approval's record. */
function jobOf(row: EstimateRow, asSent: boolean): PdfJob {
  return {
    kind: 'estimate',
    frozen: row.frozen!,
    approval:
      !asSent && signed(row)
        ? {
            name: row.approvedName!,
            at: row.approvedAt!,
            options: row.approvedOptions ?? [],
            totalCents: row.approvedTotalCents ?? row.totalCents,
            hash: row.contentHash!,
          }
        : undefined,
  };
}

const nameOf = (row: EstimateRow, asSent: boolean) =>
  `estimate-${row.id}-${!asSent && signed(row) ? 'signed' : 'sent'}-v${layoutVersion}.pdf`;

/**
 * The PDF of a sent version as it stands (signed once approved), or `asSent`: as it was sent,
 * unsigned, whatever happened since (the e-mail that sends it). Made once, then read from storage.
 */
export function estimatePdfFile(pdfs: PdfMaker, row: EstimateRow, asSent = false): Promise<Buffer> {
  return pdfs.file(nameOf(row, asSent), () => jobOf(row, asSent));
}

/** Makes the version's PDF now (sent, or approved: the signed one), ahead of its first download. */
export function prepareEstimatePdf(pdfs: PdfMaker, row: EstimateRow): void {
  if (row.frozen) pdfs.prepare(nameOf(row, false), () => jobOf(row, false));
}
