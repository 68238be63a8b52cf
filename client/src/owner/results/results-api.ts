import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonthSpend, SpendEntryInput } from '@shared/schemas/owner-money';
import type { ResultPeriod, Results } from '@shared/schemas/owner-results';
import type { Visitors } from '@shared/schemas/visitors';
import { getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerJson } from '../app/owner-api';

/** The results page's side of the owner's API: the results, spend per source and month, and the period's downloads. */

export function useResults(period: ResultPeriod) {
  return useQuery({
    queryKey: [ownerApi, `results?period=${period}`],
    queryFn: getQueryFn<Results>({ on401: 'throw' }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });
}

/** The results of every period, after a change that they count. */
export const refreshResults = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === ownerApi && String(query.queryKey[1]).startsWith('results?'),
  });

const spendKey = (month: string) => [ownerApi, `spend?month=${month}`];

export function useMonthSpend(month: string) {
  return useQuery({
    queryKey: spendKey(month),
    queryFn: getQueryFn<MonthSpend>({ on401: 'throw' }),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

export function useSaveSpend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: SpendEntryInput) =>
      ownerJson<{ month: string; source: string; amount: number }>('PUT', '/spend', entry),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: spendKey(saved.month) });
      void refreshResults(client);
    },
  });
}

/** The period's requests as the results page counts them, with their amounts (CSV). */
export const periodCsvHref = (period: ResultPeriod) => `${ownerApi}/requests/export.csv?status=all&period=${period}`;

/** The period's won jobs from Google ads, for Google Ads' conversion import. */
export const conversionsHref = (period: ResultPeriod) => `${ownerApi}/conversions.csv?period=${period}`;

/** Visitors, views, top pages and each source's funnel for the Arizona days `from` to `to`. */
export function useVisitors(from: string, to: string) {
  return useQuery({
    queryKey: [ownerApi, `visitors?from=${from}&to=${to}`],
    queryFn: getQueryFn<Visitors>({ on401: 'throw' }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });
}
