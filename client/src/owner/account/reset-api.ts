import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResetAvailability, ResetLinkSent, ResetLinkState } from '@shared/schemas/owner-password-reset';
import type { SetupStatus } from '@shared/schemas/owner-setup';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import { ownerApi, refusal } from '../app/owner-api';

const resetApi = `${ownerApi}/password-reset`;
const setupApi = `${ownerApi}/setup`;

/** The two one-time links that set the password: a reset from the e-mail, or the first password's set-up link. */
export type PasswordLink = 'reset' | 'setup';
const linkApi = (kind: PasswordLink) => (kind === 'setup' ? setupApi : resetApi);

/** Whether the site has an owner password yet: without one, the sign-in page shows where the set-up link is. */
export function useSetupStatus() {
  return useQuery({
    queryKey: [setupApi],
    queryFn: getQueryFn<SetupStatus>({ on401: 'throw' }),
    staleTime: Infinity,
  });
}

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
const postFromLinkPage = (kind: PasswordLink, path: string, body: unknown) =>
  apiRequest('POST', `${linkApi(kind)}${path}`, body);

/** What the link is: `valid` shows the form, anything else the page that says why not. */
export function useResetLinkState(token: string, kind: PasswordLink = 'reset') {
  return useQuery({
    queryKey: [linkApi(kind), 'check', token],
    queryFn: async () =>
      ((await (await postFromLinkPage(kind, '/check', { token })).json()) as { state: ResetLinkState }).state,
    retry: false,
    staleTime: Infinity,
  });
}

export function useSetNewPassword(token: string, kind: PasswordLink = 'reset') {
  return useMutation({
    mutationFn: (entry: { password: string; repeat: string }) =>
      postFromLinkPage(kind, '/password', { token, ...entry }),
  });
}

/** The state in a refused answer (410: used or expired since the page opened). */
export function refusedState(error: unknown): ResetLinkState | null {
  return refusal<{ state: ResetLinkState }>(error, 410)?.state ?? null;
}

/** Set once the new password is in, for the page the owner lands on next. */
export const passwordSetFlag = 'rcc-owner-password-set';
