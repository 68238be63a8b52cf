import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The .br and .gz twins of a text file, at the strongest settings: once per file at build time
 * (scripts/compress.ts), once per page and content version on the server (site-pages.ts). Both
 * run on libuv's thread pool, so the server keeps answering meanwhile.
 */
export async function precompress(raw: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gzipped] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: 9 }),
  ]);
  return { br, gzip: gzipped };
}
