import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerChannel,
  InboxFilter,
  InboxList,
  InboxNote,
  InboxStatus,
  RequestChange,
  RequestDetail,
  RequestState,
} from '@shared/schemas/owner-inbox';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerFetch, ownerJson } from '../app/owner-api';
import { refreshResults } from '../results';

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

const requestKey = (id: string) => [ownerApi, 'requests', id];

export function useRequestDetail(id: string) {
  return useQuery({
    queryKey: requestKey(id),
    queryFn: getQueryFn<RequestDetail>({ on401: 'throw' }),
    staleTime: 0,
  });
}

export const refreshLists = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === ownerApi && String(query.queryKey[1]).startsWith('requests?'),
  });

/** A change of the request's state row, in its page and in the lists and results that count it. */
function useStateChange<T>(id: string, change: (body: T) => Promise<RequestState>, afterwards?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (state) => {
      client.setQueryData<RequestDetail>(requestKey(id), (detail) => (detail ? { ...detail, ...state } : detail));
      void refreshLists(client);
      afterwards?.();
      void refreshResults(client);
    },
  });
}

/**
 * A new status, with the job value the page shows when it is a won one: one PATCH, so what the
 * page showed is what is stored and counted, never a status saved without its amount.
 */
export function useSetStatus(id: string) {
  const client = useQueryClient();
  return useStateChange(
    id,
    (change: { status: InboxStatus; jobValue?: number | null }) =>
      ownerJson<RequestState>('PATCH', `/requests/${id}`, change),
    // What the status sets going (Job done's review request, its messages) follows from the server.
    () => void client.invalidateQueries({ queryKey: requestKey(id) }),
  );
}

/** Sends only what changed (an amount, the lost reason), so a change made meanwhile on another phone stays. */
export function useChangeRequest(id: string) {
  return useStateChange(id, (change: Omit<RequestChange, 'status'>) =>
    ownerJson<RequestState>('PATCH', `/requests/${id}`, change),
  );
}

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => ownerJson<InboxNote>('POST', `/requests/${id}/notes`, { body }),
    onSuccess: (note) => {
      client.setQueryData<RequestDetail>(requestKey(id), (detail) =>
        detail ? { ...detail, notes: [...detail.notes, note] } : detail,
      );
    },
  });
}

/** A tap on Call, Text or Reply: sent with keepalive, so it arrives while the phone opens its app. */
export function useRecordAnswer(id: string) {
  const client = useQueryClient();
  const update = (firstAnsweredAt: string | null, firstAnsweredVia: RequestDetail['firstAnsweredVia']) =>
    client.setQueryData<RequestDetail>(requestKey(id), (detail) =>
      detail ? { ...detail, firstAnsweredAt, firstAnsweredVia } : detail,
    );
  const record = useMutation({
    mutationFn: async (via: AnswerChannel) => {
      const response = await ownerFetch(`/requests/${id}/answer`, {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ via }),
      });
      return { via, ...((await response.json()) as { recorded: boolean; firstAnsweredAt: string | null }) };
    },
    onSuccess: (answer) => {
      if (answer.recorded) update(answer.firstAnsweredAt, answer.via);
      void refreshLists(client);
    },
  });
  const undo = useMutation({
    mutationFn: () => apiRequest('DELETE', `${ownerApi}/requests/${id}/answer`),
    onSuccess: () => {
      update(null, null);
      void refreshLists(client);
    },
  });
  return { record, undo };
}
