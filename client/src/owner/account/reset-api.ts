import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResetAvailability, ResetLinkSent, ResetLinkState } from '@shared/schemas/owner-password-reset';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import { ownerApi, refusal } from '../app/owner-api';

const resetApi = `${ownerApi}/password-reset`;

/** Whether this server can send a reset link at all (mail set up, an address for the owner). */
export function useResetAvailability() {
  return useQuery({
    queryKey: [resetApi],
    queryFn: getQueryFn<ResetAvailability>({ on401: 'throw' }),
    staleTime: Infinity,
  });
}

/** "Forgot the password?": one tap asks for a link; resolves once the e-mail is in the outbox, with where it goes (masked). */
export function useAskForResetLink() {
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', resetApi)).json()) as ResetLinkSent,
  });
}

/** A call from the link's page: the token goes in the body, never in an address that a log keeps. */
const postFromLinkPage = (path: string, body: unknown) => apiRequest('POST', `${resetApi}${path}`, body);

/** What the link is: `valid` shows the form, anything else the page that says why not. */
export function useResetLinkState(token: string) {
  return useQuery({
    queryKey: [resetApi, 'check', token],
    queryFn: async () =>
      ((await (await postFromLinkPage('/check', { token })).json()) as { state: ResetLinkState }).state,
    retry: false,
    staleTime: Infinity,
  });
}

export function useSetNewPassword(token: string) {
  return useMutation({
    mutationFn: (entry: { password: string; repeat: string }) => postFromLinkPage('/password', { token, ...entry }),
  });
}

/** The state in a refused answer (410: used or expired since the page opened). */
export function refusedState(error: unknown): ResetLinkState | null {
  return refusal<{ state: ResetLinkState }>(error, 410)?.state ?? null;
}

/** Set once the new password is in, for the page the owner lands on next. */
export const passwordSetFlag = 'rcc-owner-password-set';
