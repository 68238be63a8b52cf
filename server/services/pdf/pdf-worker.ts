import { parentPort } from 'node:worker_threads';
import { renderPdfJob, type PdfJob } from './pdf-jobs';

/**
 * The PDF worker thread (started by pdf-maker.ts): renders one job at a time and sends the bytes
 * back, so a PDF's 0.3 s of layout never holds up the server's other requests.
 */
export interface PdfRequest {
  id: number;
  job: PdfJob;
}
export type PdfReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread');
port.on('message', (request: PdfRequest) => {
  renderPdfJob(request.job).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      port.postMessage({ id: request.id, pdf: bytes } satisfies PdfReply);
    },
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PdfReply),
  );
});
