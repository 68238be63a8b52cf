import { QueryClient } from '@tanstack/react-query';

/** React Query defaults (spec, point 9): no retries, no refetch on focus, no polling, never stale. */
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
