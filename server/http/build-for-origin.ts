import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { safeError, type Logger } from '../logger';
import { makePrivateFolder, writePrivateFile } from '../private-files';
import { etagOf, type CachedFile } from './cached-file';
import { brotliOf } from './precompress';
import type { OriginRewrite } from './site-origin';

const gz = promisify(gzip);

/**
 * One build for any domain: the build's text files that name its origin (every page, the sitemap,
 * robots.txt, the router's code) are rewritten in memory for the server's SITE_URL as it starts,
 * in place in `files`, with their .br/.gz twins made again. So that the first visitor need not
 * wait, a file is compressed quickly here (brotli 5 and gzip 9: some 15 ms a page, under a second
 * for the whole site on two cores) and, one at a time once the server is up, as the build
 * compresses (brotli 11, 250-500 ms a page). Those are kept in `cacheDir` (DATA_DIR/site-cache),
 * by the bytes they compress: the next start for the same build and SITE_URL reads them instead,
 * and files of another build or SITE_URL are removed. Memory stays as for the build served as it
 * is: each file is held once, rewritten.
 */
export async function rewriteBuildFor(
  files: Map<string, CachedFile>,
  rewrite: OriginRewrite,
  options: { cacheDir: string; logger: Logger },
): Promise<{ rewritten: number; compressBest: () => Promise<void> }> {
  const { cacheDir, logger } = options;
  const cacheFile = (file: CachedFile) => path.join(cacheDir, `${file.etag.replaceAll('"', '')}.br`);
  await makePrivateFolder(cacheDir);
  const quick: CachedFile[] = [];
  const kept = new Set<string>();
  await Promise.all(
    [...files].map(async ([urlPath, built]) => {
      const raw = rewrite.bytes(built.raw);
      if (raw === built.raw) return;
      const file: CachedFile = { type: built.type, etag: etagOf(raw), raw };
      const cached = await readFile(cacheFile(file)).catch(() => undefined);
      const [br, gzipped] = await Promise.all([cached ?? brotliOf(raw, 'quick'), gz(raw, { level: 9 })]);
      Object.assign(file, { br, gzip: gzipped });
      if (!cached) quick.push(file);
      kept.add(path.basename(cacheFile(file)));
      files.set(urlPath, file);
    }),
  );
  logger.info(
    { from: rewrite.from, to: rewrite.to, files: kept.size, compressedBefore: kept.size - quick.length },
    'the build rewritten for SITE_URL',
  );

  async function compressBest() {
    for (const file of quick) {
      file.br = await brotliOf(file.raw, 'best');
      await writePrivateFile(cacheFile(file), file.br);
    }
    for (const name of await readdir(cacheDir)) {
      if (!kept.has(name)) await unlink(path.join(cacheDir, name)).catch(() => {});
    }
    if (quick.length > 0) logger.info({ files: quick.length }, 'the rewritten build compressed as the build is');
  }
  return {
    rewritten: kept.size,
    compressBest: () =>
      compressBest().catch((error: unknown) =>
        logger.warn({ error: safeError(error) }, 'the rewritten build is served compressed quickly'),
      ),
  };
}
