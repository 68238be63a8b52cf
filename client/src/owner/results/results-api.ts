import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestChange, RequestDetail, RequestState } from '@shared/schemas/owner-inbox';
import type { MonthSpend, SpendEntryInput } from '@shared/schemas/owner-money';
import type { ResultPeriod } from '@shared/schemas/owner-results';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import { ownerApi, refreshLists, refreshResults } from '../requests/requests-api';

/**
 * The money side of the owner's API: amounts and the lost reason on a request, spend per source
 * and month, and the period's downloads.
 */

/** Sends only what changed (an amount, the lost reason), so a change made meanwhile on another phone stays. */
export function useChangeRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: Omit<RequestChange, 'status'>) =>
      (await (await apiRequest('PATCH', `${ownerApi}/requests/${id}`, change)).json()) as RequestState,
    onSuccess: (state) => {
      client.setQueryData<RequestDetail>([ownerApi, 'requests', id], (detail) =>
        detail ? { ...detail, ...state } : detail,
      );
      void refreshLists(client);
      void refreshResults(client);
    },
  });
}

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
    mutationFn: async (entry: SpendEntryInput) =>
      (await (await apiRequest('PUT', `${ownerApi}/spend`, entry)).json()) as {
        month: string;
        source: string;
        amount: number;
      },
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
