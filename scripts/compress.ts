import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { precompress } from '../server/http/precompress';

const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest']);

/** Writes .br and .gz twins of every text file in the build, so the server never compresses at run time. */
export async function compressDirectory(dir: string): Promise<{ files: number; rawBytes: number; brBytes: number }> {
  let files = 0;
  let rawBytes = 0;
  let brBytes = 0;
  for (const file of await listFiles(dir)) {
    if (!compressible.has(path.extname(file))) continue;
    const raw = await readFile(file);
    const { br, gzip: gzipped } = await precompress(raw);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    files += 1;
    rawBytes += raw.length;
    brBytes += br.length;
  }
  return { files, rawBytes, brBytes };
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir)) {
    const full = path.join(dir, entry);
    if ((await stat(full)).isDirectory()) out.push(...(await listFiles(full)));
    else out.push(full);
  }
  return out;
}
