import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { safeError, type Logger } from '../../logger';
import type { StoredObjects } from '../storage/types';
import type { PdfJob } from './pdf-jobs';
import type { PdfReply, PdfRequest } from './pdf-worker';

/**
 * The server's PDFs (estimates now, invoices later): each made once, on a worker thread, and kept
 * in storage (local disk or S3, beside the photos) under a name the caller gives; every later
 * request is served that file. The stored file is a cache: one that is missing is made again, so
 * backups leave the folder out (cacheFolder). Asked for the same name while it is being made, a
 * request waits for that making rather than starting another. Two server processes asked at once
 * may both make it: each stores the whole file in one step (local disk writes then renames; S3
 * stores an object only once complete), so a reader always gets one whole, correct PDF.
 */
export interface PdfMaker {
  /** The PDF stored as `name` (below cacheFolder), made from `job` first when it is not there yet. */
  file(name: string, job: () => PdfJob | Promise<PdfJob>): Promise<Buffer>;
  /** Starts making it now, if it is not stored yet, so the first download finds it ready. */
  prepare(name: string, job: () => PdfJob | Promise<PdfJob>): void;
  /** Lets the PDFs being made finish, then stops the worker thread (the server's shutdown). */
  close(): Promise<void>;
}

export interface PdfMakerOptions {
  /** Told each time a PDF was made (not when it was read from storage): the log, and the tests. */
  onMade?: (made: { name: string; ms: number }) => void;
  /** Told when a PDF could not be prepared or stored (it is made again on the next request). */
  onError?: (error: unknown, name: string) => void;
  /** How long the worker thread stays up with nothing to do; it starts again on the next PDF. */
  idleMs?: number;
}

/** The server's PDF maker, telling `logger` of each PDF made and of each that could not be stored. */
export function loggedPdfMaker(objects: StoredObjects, logger: Logger): PdfMaker {
  return createPdfMaker(objects, {
    onMade: (made) => logger.info(made, 'pdf made'),
    onError: (error, name) => logger.warn({ error: safeError(error), name }, 'pdf not stored'),
  });
}

/** The folder of the stored PDFs in storage; backups skip it (they are made again when missing). */
export const pdfCacheFolder = 'pdf-cache';
const safeName = /^[a-z0-9][a-z0-9-]{0,150}\.pdf$/;

export function createPdfMaker(objects: StoredObjects, options: PdfMakerOptions = {}): PdfMaker {
  const making = new Map<string, Promise<Buffer>>();
  const render = workerRenderer(options.idleMs ?? 30_000);

  const keyOf = (name: string) => {
    if (!safeName.test(name)) throw new Error(`Not a name for a stored PDF: ${name}`);
    return objects.keyFor(`${pdfCacheFolder}/${name}`, new Date());
  };

  async function readOrMake(name: string, job: () => PdfJob | Promise<PdfJob>): Promise<Buffer> {
    const key = keyOf(name);
    // Whatever keeps it from being read (missing, or a storage that is away), it is made again.
    const stored = await objects.read(key).catch(() => null);
    if (stored && isPdf(stored.content)) return stored.content;
    const started = performance.now();
    const pdf = await render(await job());
    options.onMade?.({ name, ms: Math.round(performance.now() - started) });
    await objects.write(key, pdf, 'application/pdf').catch((error: unknown) => options.onError?.(error, name));
    return pdf;
  }

  function file(name: string, job: () => PdfJob | Promise<PdfJob>): Promise<Buffer> {
    const pending = making.get(name);
    if (pending) return pending;
    const made = readOrMake(name, job).finally(() => making.delete(name));
    making.set(name, made);
    return made;
  }

  return {
    file,
    prepare(name, job) {
      file(name, job).catch((error: unknown) => options.onError?.(error, name));
    },
    async close() {
      // What is being made is finished and stored first: nothing writes to storage after this.
      await Promise.allSettled([...making.values()]);
      await render.close();
    },
  };
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * The worker thread, started on the first PDF and stopped after `idleMs` without one. From the
 * sources (tests, `npm run dev`) it runs pdf-worker.ts through tsx; from the build, the
 * pdf-worker.js that scripts/build-server.ts writes beside index.js.
 */
function workerRenderer(idleMs: number) {
  type Asked = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };
  let current: { worker: Worker; waiting: Map<number, Asked> } | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const here = fileURLToPath(import.meta.url);
    const fromSources = here.endsWith('.ts');
    const entry = path.join(path.dirname(here), fromSources ? 'pdf-worker.ts' : 'pdf-worker.js');
    const worker = fromSources
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); })`,
          { eval: true },
        )
      : new Worker(entry);
    worker.unref();
    const running = { worker, waiting: new Map<number, Asked>() };
    worker.on('message', (reply: PdfReply) => {
      const asked = running.waiting.get(reply.id);
      if (!asked) return;
      running.waiting.delete(reply.id);
      if ('pdf' in reply) asked.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else asked.reject(new Error(reply.error));
      if (running.waiting.size === 0 && current === running) idleTimer = setTimeout(stop, idleMs).unref();
    });
    const fail = (error: Error) => {
      if (current === running) current = undefined;
      for (const asked of running.waiting.values()) asked.reject(error);
      running.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The PDF worker stopped (exit code ${code})`)));
    return running;
  };

  async function stop() {
    clearTimeout(idleTimer);
    const running = current;
    current = undefined;
    if (running) await running.worker.terminate();
  }

  const render = (job: PdfJob): Promise<Buffer> => {
    clearTimeout(idleTimer);
    current ??= start();
    const { worker, waiting } = current;
    const id = nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, job } satisfies PdfRequest);
    });
  };
  return Object.assign(render, { close: stop });
}
