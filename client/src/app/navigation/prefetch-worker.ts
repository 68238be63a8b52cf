/// <reference lib="webworker" />
import { fetchRouterCodeFiles } from './router-code-fetch';

/**
 * A dedicated worker that fetches the router's code into the cache (start-router.ts): its 34
 * requests cost the page's main thread about 50 ms in calls to fetch() and reading the answers
 * (four times that on a slow phone), which, on the page, showed as blocking time in Lighthouse's
 * first load. A worker shares its page's cache. Answers `true` once every file is in, else `false`.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<string>) => {
  void fetchRouterCodeFiles(event.data).then(
    (here) => scope.postMessage(here),
    () => scope.postMessage(false),
  );
};
