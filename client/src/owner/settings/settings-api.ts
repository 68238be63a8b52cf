import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Business } from '@shared/content/business-facts';
import type { BusinessDetailsForm, OwnerSettings } from '@shared/schemas/business-details';
import { getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerJson } from '../app/owner-api';

export const settingsKey = [ownerApi, 'settings'];

export type SettingsAnswer = OwnerSettings & { hideSampleProjects: boolean };

/** GET /api/owner/settings: the business details the site shows and the site's switches. */
export function useOwnerSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getQueryFn<SettingsAnswer>({ on401: 'throw' }) });
}

/** The facts his signature gives: the saved ones (useOwnerSignature), else shared/content/business.ts's. */
export type Signature = Pick<Business, 'phoneDisplay' | 'rocLicense'>;

/** The phone and licence his e-mails to homeowners are signed with: what he saved (the defaults until then). */
export function useOwnerSignature(): Signature | undefined {
  return useOwnerSettings().data?.details;
}

const put = (path: string, body: unknown) => ownerJson<SettingsAnswer>('PUT', path, body);

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
