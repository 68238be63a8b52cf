import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimateInput, EstimateSettings, OwnerEstimate } from '@shared/schemas/estimates';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import { ownerApi } from '../requests/requests-api';

export interface PastEstimate {
  id: string;
  label: string;
  items: EstimateInput['items'];
}

const settingsKey = [ownerApi, 'estimate-settings'];

export function useEstimateSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getQueryFn<EstimateSettings>({ on401: 'throw' }) });
}

export function useSaveEstimateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: EstimateSettings) =>
      (await (await apiRequest('PUT', `${ownerApi}/estimate-settings`, settings)).json()) as EstimateSettings,
    onSuccess: (saved) => client.setQueryData(settingsKey, saved),
  });
}

export function usePastEstimates(enabled: boolean) {
  return useQuery({
    queryKey: [ownerApi, 'estimates', 'past'],
    queryFn: getQueryFn<{ estimates: PastEstimate[] }>({ on401: 'throw' }),
    enabled,
  });
}

/** Save (create or change the draft), send, revise: each refreshes the request's page. */
export function useEstimateActions(requestId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [ownerApi, 'requests', requestId] });
  const save = useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: EstimateInput }) =>
      (await (
        await (id
          ? apiRequest('PATCH', `${ownerApi}/estimates/${id}`, input)
          : apiRequest('POST', `${ownerApi}/requests/${requestId}/estimates`, input))
      ).json()) as OwnerEstimate,
    onSuccess: refresh,
  });
  const send = useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest('POST', `${ownerApi}/estimates/${id}/send`)).json()) as OwnerEstimate,
    onSuccess: refresh,
  });
  const revise = useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest('POST', `${ownerApi}/estimates/${id}/revise`)).json()) as OwnerEstimate,
    onSuccess: refresh,
  });
  return { save, send, revise };
}

export const previewHref = (id: string) => `${ownerApi}/estimates/${id}/preview`;
