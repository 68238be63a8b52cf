/**
 * Fetches the router's code files into the browser's cache without running them: the list at
 * `listPath` (the build's `router-code.json`), then each file, one at a time, at low priority, as a
 * module script fetches them (same origin, CORS mode), so that the router's import finds them
 * cached. True once every file is in. One at a time, after the page's own requests: on a phone's
 * connection they do not crowd out a late image, and the network stays quiet by the measure
 * Lighthouse takes (at most two requests in flight). Runs in the prefetch worker
 * (prefetch-worker.ts), off the page's main thread, or on the page where there are no workers.
 */
export async function fetchRouterCodeFiles(listPath: string): Promise<boolean> {
  const low = { priority: 'low' } as RequestInit;
  const list = await fetch(listPath, low);
  if (!list.ok) return false;
  const files = (await list.json()) as unknown;
  if (!Array.isArray(files) || files.some((file) => typeof file !== 'string' || !file.startsWith('/assets/'))) {
    return false;
  }
  for (const file of files as string[]) {
    const response = await fetch(file, low);
    if (!response.ok) return false;
    await response.arrayBuffer();
  }
  return true;
}
