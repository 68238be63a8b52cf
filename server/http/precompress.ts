import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * How hard to compress: `best` (brotli 11) once per file at build time (scripts/compress.ts), and
 * for a page the server made once it has time for it; `quick` (brotli 5) for a page the server
 * just rendered, which a visitor may be waiting for. On a page of 80-120 KB brotli 11 takes
 * 250-500 ms of a core and brotli 5 under 15 ms, for some 10 % more bytes (docs/performance.md).
 */
export type Effort = 'best' | 'quick';

/** A text file's brotli twin at `effort`, on libuv's thread pool, so the server keeps answering meanwhile. */
export function brotliOf(raw: Buffer, effort: Effort): Promise<Buffer> {
  return brotli(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? 11 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

/** The .br and .gz twins of a text file (gzip at level 9 either way: a few ms). */
export async function precompress(raw: Buffer, effort: Effort = 'best'): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gzipped] = await Promise.all([brotliOf(raw, effort), gz(raw, { level: 9 })]);
  return { br, gzip: gzipped };
}
