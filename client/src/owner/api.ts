import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { InboxFilter, InboxList, InboxNote, InboxStatus, RequestDetail } from '@shared/schemas/owner-inbox';
import type { ResultPeriod, Results } from '@shared/schemas/owner-results';
import { ApiError, apiRequest, getQueryFn } from '@/lib/api-client';

const ownerApi = '/api/owner';
const sessionKey = [ownerApi, 'session'];

/** The message of a refused request, from its JSON `{ error }` when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { error?: unknown };
      if (typeof body.error === 'string') return body.error;
    } catch {
      // Not JSON: the status line below.
    }
    return error.message;
  }
  return 'The server could not be reached. Check the connection and try again.';
}

/** A 401 on any call means the session ended (signed out elsewhere, expired, password changed). */
function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Every cached answer of the inbox but the session itself: none of it may outlive a session. */
const isInboxData = (query: Query) => query.queryKey[0] === ownerApi && query.queryKey[1] !== 'session';

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
      client.removeQueries({ predicate: isInboxData });
      client.setQueryData(sessionKey, { signedIn: true });
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  const signedOut = () => {
    // The session query stays (its observer would lose track of a new one); everything else goes.
    client.setQueryData(sessionKey, null);
    client.removeQueries({ predicate: isInboxData });
  };
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `${ownerApi}/session`),
    onSuccess: signedOut,
    onError: (error) => {
      if (isSignedOut(error)) signedOut();
    },
  });
}

/** Shows the sign-in page again when the session is gone. */
export function useSessionEnded() {
  const client = useQueryClient();
  return (error: unknown) => {
    if (isSignedOut(error)) client.setQueryData(sessionKey, null);
  };
}

export function inboxSearch(filter: InboxFilter, q: string, source = ''): string {
  const params = new URLSearchParams({ status: filter });
  if (q) params.set('q', q);
  if (source) params.set('source', source);
  return params.toString();
}

export function useInbox(filter: InboxFilter, q: string, source: string) {
  return useQuery({
    queryKey: [ownerApi, `requests?${inboxSearch(filter, q, source)}`],
    queryFn: getQueryFn<InboxList>({ on401: 'throw' }),
    // The list is the owner's work queue: fresh each time he comes back to it.
    staleTime: 0,
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });
}

export const exportCsvHref = (filter: InboxFilter, q: string, source: string) =>
  `${ownerApi}/requests/export.csv?${inboxSearch(filter, q, source)}`;

export function useResults(period: ResultPeriod) {
  return useQuery({
    queryKey: [ownerApi, `results?period=${period}`],
    queryFn: getQueryFn<Results>({ on401: 'throw' }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });
}

export const photoHref = (id: string) => `${ownerApi}/requests/${id}/photo`;

export function useRequestDetail(id: string) {
  return useQuery({
    queryKey: [ownerApi, 'requests', id],
    queryFn: getQueryFn<RequestDetail>({ on401: 'throw' }),
    staleTime: 0,
  });
}

const refreshLists = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === ownerApi && String(query.queryKey[1]).startsWith('requests?'),
  });

export function useSetStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (status: InboxStatus) => {
      await apiRequest('PATCH', `${ownerApi}/requests/${id}`, { status });
      return status;
    },
    onSuccess: (status) => {
      client.setQueryData<RequestDetail>([ownerApi, 'requests', id], (detail) =>
        detail ? { ...detail, status, statusChangedAt: new Date().toISOString() } : detail,
      );
      void refreshLists(client);
    },
  });
}

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      (await (await apiRequest('POST', `${ownerApi}/requests/${id}/notes`, { body })).json()) as InboxNote,
    onSuccess: (note) => {
      client.setQueryData<RequestDetail>([ownerApi, 'requests', id], (detail) =>
        detail ? { ...detail, notes: [...detail.notes, note] } : detail,
      );
    },
  });
}
