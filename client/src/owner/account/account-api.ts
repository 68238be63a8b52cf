import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice } from '@shared/schemas/owner-push';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import { isOwnerData, isSignedOut, ownerApi, ownerFetch, ownerJson, sessionKey } from '../app/owner-api';

/** Signed in: true; not signed in: false (the sign-in page shows). */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: getQueryFn<{ signedIn: true }>({ on401: 'returnNull' }),
    select: (data) => data !== null,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest('POST', `${ownerApi}/session`, { password }),
    onSuccess: () => {
      client.removeQueries({ predicate: isOwnerData });
      client.setQueryData(sessionKey, { signedIn: true });
    },
  });
}

/** Shows the sign-in page and forgets the inbox's data: after a sign-out, or once the server says the session is gone. */
function useSignedOut() {
  const client = useQueryClient();
  return () => {
    // The session query stays (its observer would lose track of a new one); everything else goes.
    client.setQueryData(sessionKey, null);
    client.removeQueries({ predicate: isOwnerData });
  };
}

/** A sign-out (of this session, or of every one): the sign-in page, also when the session had already ended. */
function useSignOutBy<T>(end: () => Promise<T>) {
  const signedOut = useSignedOut();
  return useMutation({
    mutationFn: end,
    onSuccess: signedOut,
    onError: (error) => {
      if (isSignedOut(error)) signedOut();
    },
  });
}

export function useSignOut() {
  return useSignOutBy(() => apiRequest('DELETE', `${ownerApi}/session`));
}

/** Ends every session, this one too, and removes every device that gets notifications. */
export function useSignOutEverywhere() {
  return useSignOutBy(() => ownerJson<{ sessionsEnded: number; devicesRemoved: number }>('DELETE', '/sessions'));
}

const devicesKey = [ownerApi, 'push', 'subscriptions'];

/** The devices that get notifications. */
export function usePushDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: getQueryFn<{ devices: PushDevice[] }>({ on401: 'throw' }),
    select: (data) => data?.devices ?? [],
  });
}

export async function fetchPushKey(): Promise<string> {
  return ((await (await ownerFetch('/push/key')).json()) as { publicKey: string }).publicKey;
}

export function useAddPushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionJSON) =>
      ownerJson<PushDevice>('POST', '/push/subscriptions', subscription),
    onSuccess: () => client.invalidateQueries({ queryKey: devicesKey }),
  });
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${ownerApi}/push/subscriptions/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: devicesKey }),
  });
}
