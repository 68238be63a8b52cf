import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TextSettingsInput, TextSettingsView, TextTestResult, ThreadText } from '@shared/schemas/text-settings';
import { getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerJson } from '../app/owner-api';

const settingsPath = '/text-settings';
const settingsKey = [ownerApi, 'text-settings'];
const threadsKey = [ownerApi, 'texts'];

/** GET /api/owner/text-settings: what the site texts with now (never the token). */
export function useTextSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getQueryFn<TextSettingsView>({ on401: 'throw' }) });
}

export function useSaveTextSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: TextSettingsInput) => ownerJson<TextSettingsView>('PUT', settingsPath, form),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer),
  });
}

/** Send me a test text: with what is typed (a blank token: the one saved), to `to` or the business phone. */
export function useSendTestText() {
  return useMutation({
    mutationFn: (form: TextSettingsInput & { to?: string }) =>
      ownerJson<TextTestResult>('POST', `${settingsPath}/test`, form),
  });
}

/** His text to her from the request's page (POST /api/owner/requests/<id>/texts); the page reloads its thread. */
export function useSendText(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => ownerJson<ThreadText>('POST', `/requests/${requestId}/texts`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [ownerApi, 'requests', requestId] }),
  });
}

export interface NumberThread {
  phone: string;
  texts: ThreadText[];
  waiting: boolean;
  lastAt: string;
}

/** The inbox's Texts: numbers with no request that texted the business (GET /api/owner/texts). */
export function useNumberThreads() {
  return useQuery({
    queryKey: threadsKey,
    queryFn: getQueryFn<{ threads: NumberThread[] }>({ on401: 'throw' }),
    refetchInterval: 30_000,
  });
}

export function useSendToNumber(phone: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => ownerJson<ThreadText>('POST', `/texts/${encodeURIComponent(phone)}`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: threadsKey }),
  });
}

/** Make a number's thread a quote request with the fields it needs: POST /api/owner/texts/<phone>/request → { id }. */
export function useTurnIntoRequest(phone: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, string | undefined>) =>
      ownerJson<{ id: string }>('POST', `/texts/${encodeURIComponent(phone)}/request`, fields),
    onSuccess: () => client.invalidateQueries({ queryKey: threadsKey }),
  });
}
