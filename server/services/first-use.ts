import { loadOnce } from './load-once';

/**
 * What the server loads only when first needed: libraries most requests never use (pdfkit,
 * opentype.js, Beasties, jsqr, the AWS SDK without S3 settings) and the pages' renderer, so that it starts
 * and rests small on a 512 MB machine (docs/operations.md). Each is loaded once and shared; a failed
 * load is tried again by the next use.
 *
 * `LOAD_EAGERLY=true` loads every one of them as the server starts instead: the run-time switch
 * that `npm run bench -- --loading` compares the shipped lazy loading with, side by side, to show
 * that loading on first use makes no page or API answer slower.
 */
const loads = new Map<string, () => Promise<unknown>>();

export function onFirstUse<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  const once = loadOnce(load);
  loads.set(name, once);
  return once;
}

/** Loads everything registered so far; resolves with their names. */
export async function loadEverythingNow(): Promise<string[]> {
  await Promise.all([...loads.values()].map((load) => load()));
  return [...loads.keys()];
}
