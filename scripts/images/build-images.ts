/**
 * Renders every source of images/ that changed since the last build (a cache in
 * public/img/.cache.json remembers each source's hash, the pipeline version and its outputs) and
 * deletes the outputs of sources that are gone.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ImageKind } from '../../shared/images';
import { defaultRoot, readJson, writeJsonAtomic } from './files';
import { collectJobs, type Job } from './sources';
import { pipelineVersion, renderBrand, renderKindImage } from './variants';

const CACHE_FILE = 'public/img/.cache.json';
const CONCURRENCY = 2;

interface CacheEntry {
  hash: string;
  version: string;
  size: number;
  mtimeMs: number;
  /** Output files, relative to the project root (posix separators). */
  outputs: string[];
}

interface CacheFile {
  entries: Record<string, CacheEntry>;
}

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface BuildImagesOptions {
  /** Project root (default: the repository root). */
  root?: string;
  /** Ignore the cache and render everything. */
  force?: boolean;
  /** Do not print the summary line. */
  quiet?: boolean;
  /** Parallel sources (default 2). */
  concurrency?: number;
}

export interface BuildImagesResult {
  sources: number;
  rendered: number;
  cached: number;
  removed: number;
  warnings: string[];
  errors: string[];
  ms: number;
}

export async function buildImages(options: BuildImagesOptions = {}): Promise<BuildImagesResult> {
  const t0 = performance.now();
  const root = options.root ?? defaultRoot;
  const cacheFile = path.join(root, CACHE_FILE);
  const cache = readJson<CacheFile>(cacheFile, { entries: {} });
  if (!cache.entries || typeof cache.entries !== 'object') cache.entries = {};
  let dirty = false;
  const warnings: string[] = [];
  const errors: string[] = [];
  const jobs = collectJobs(root, warnings);

  const toRender: Array<{ job: Job; hash: string; size: number; mtimeMs: number }> = [];
  let cached = 0;
  for (const job of jobs) {
    const st = statSync(job.abs);
    const prev = cache.entries[job.key];
    let hash: string;
    if (prev && prev.size === st.size && prev.mtimeMs === st.mtimeMs) hash = prev.hash;
    else hash = createHash('sha256').update(readFileSync(job.abs)).digest('hex');
    const fresh =
      !options.force &&
      prev !== undefined &&
      prev.hash === hash &&
      prev.version === pipelineVersion &&
      prev.outputs.length === job.outputs.length &&
      job.outputs.every((o) => existsSync(path.join(root, o)));
    if (fresh) {
      cached++;
      if (prev.mtimeMs !== st.mtimeMs || prev.size !== st.size) {
        cache.entries[job.key] = { ...prev, mtimeMs: st.mtimeMs, size: st.size };
        dirty = true;
      }
    } else {
      toRender.push({ job, hash, size: st.size, mtimeMs: st.mtimeMs });
    }
  }

  // outputs of sources that are gone (or replaced, e.g. framing.svg -> framing.jpg)
  const active = new Set(jobs.map((j) => j.key));
  const activeOutputs = new Set(jobs.flatMap((j) => j.outputs));
  let removed = 0;
  for (const [key, entry] of Object.entries(cache.entries)) {
    if (active.has(key)) continue;
    for (const o of entry.outputs) if (!activeOutputs.has(o)) rmSync(path.join(root, o), { force: true });
    delete cache.entries[key];
    removed++;
    dirty = true;
  }

  await pool(toRender, options.concurrency ?? CONCURRENCY, async ({ job, hash, size, mtimeMs }) => {
    try {
      const input = readFileSync(job.abs);
      if (job.kind === 'brand') await renderBrand(root, input);
      else await renderKindImage(root, job as Job & { kind: ImageKind }, input, warnings);
      const prev = cache.entries[job.key];
      if (prev) for (const o of prev.outputs) if (!job.outputs.includes(o)) rmSync(path.join(root, o), { force: true });
      cache.entries[job.key] = { hash, version: pipelineVersion, size, mtimeMs, outputs: job.outputs };
      dirty = true;
    } catch (err) {
      errors.push(`${job.key}: ${(err as Error).message}`);
    }
  });

  if (dirty)
    writeJsonAtomic(cacheFile, {
      entries: Object.fromEntries(Object.entries(cache.entries).sort(([a], [b]) => a.localeCompare(b))),
    });

  const ms = performance.now() - t0;
  const result: BuildImagesResult = {
    sources: jobs.length,
    rendered: toRender.length - errors.length,
    cached,
    removed,
    warnings,
    errors,
    ms,
  };
  if (!options.quiet) {
    for (const w of warnings) console.warn(`images: warning: ${w}`);
    for (const e of errors) console.error(`images: error: ${e}`);
    console.log(
      `images: ${result.sources} sources, ${result.rendered} rendered, ${cached} cached${removed ? `, ${removed} removed` : ''} in ${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`,
    );
  }
  return result;
}
