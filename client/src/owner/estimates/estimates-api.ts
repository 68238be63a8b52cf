import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeOrderInput } from '@shared/schemas/change-orders';
import type { EstimateInput, EstimateSettings, EstimateSettingsInput, OwnerEstimate } from '@shared/schemas/estimates';
import { getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerJson } from '../app/owner-api';

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
    mutationFn: (settings: EstimateSettingsInput) => ownerJson<EstimateSettings>('PUT', '/estimate-settings', settings),
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
    mutationFn: ({ id, input }: { id: string | null; input: EstimateInput }) =>
      id
        ? ownerJson<OwnerEstimate>('PATCH', `/estimates/${id}`, input)
        : ownerJson<OwnerEstimate>('POST', `/requests/${requestId}/estimates`, input),
    onSuccess: refresh,
  });
  const send = useMutation({
    mutationFn: (id: string) => ownerJson<OwnerEstimate>('POST', `/estimates/${id}/send`),
    onSuccess: refresh,
  });
  const saveChange = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ChangeOrderInput }) => {
      const { changeOf: _, ...patch } = input;
      return id
        ? ownerJson<OwnerEstimate>('PATCH', `/estimates/${id}`, patch)
        : ownerJson<OwnerEstimate>('POST', `/requests/${requestId}/estimates`, input);
    },
    onSuccess: refresh,
  });
  const revise = useMutation({
    mutationFn: (id: string) => ownerJson<OwnerEstimate>('POST', `/estimates/${id}/revise`),
    onSuccess: refresh,
  });
  return { save, saveChange, send, revise };
}

export const previewHref = (id: string) => `${ownerApi}/estimates/${id}/preview`;
