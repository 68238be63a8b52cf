import { QueryClient } from '@tanstack/react-query';

/**
 * React Query defaults: no retries, no refetch on focus, no polling, never stale. A request is
 * sent when the visitor asks and only then (the quote form retries on its own terms).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/** One client per browser tab, created on first use. */
export function sharedQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
