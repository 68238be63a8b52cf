import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessDetailsForm, OwnerSettings } from '@shared/schemas/business-details';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import type { Signature } from '../requests/answer-messages';

const ownerApi = '/api/owner';
export const settingsKey = [ownerApi, 'settings'];

export type SettingsAnswer = OwnerSettings & { hideSampleProjects: boolean };

/** GET /api/owner/settings: the business details the site shows and the site's switches. */
export function useOwnerSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getQueryFn<SettingsAnswer>({ on401: 'throw' }) });
}

/** The phone and licence his e-mails to homeowners are signed with: what he saved (the defaults until then). */
export function useOwnerSignature(): Signature | undefined {
  return useOwnerSettings().data?.details;
}

async function put(path: string, body: unknown): Promise<SettingsAnswer> {
  const response = await apiRequest('PUT', `${ownerApi}${path}`, body);
  return (await response.json()) as SettingsAnswer;
}

export function useSaveBusinessDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: BusinessDetailsForm) => put('/settings', form),
    onSuccess: (answer) => {
      client.setQueryData(settingsKey, answer);
      // The launch list counts the details.
      void client.invalidateQueries({ queryKey: [ownerApi, 'launch'] });
    },
  });
}

export function useHideSampleProjects() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => put('/settings/sample-projects', { hidden }),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer),
  });
}
