import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import {
  type AnswerChannel,
  type InboxFilter,
  type InboxList,
  type InboxNote,
  type InboxStatus,
  type RequestDetail,
  type RequestState,
} from '@shared/schemas/owner-inbox';
import type { UploadedPhoto } from '@shared/content/types';
import type { OwnerProject, ProjectDraft } from '@shared/schemas/owner-projects';
import type { PushDevice } from '@shared/schemas/owner-push';
import type { ResultPeriod, Results } from '@shared/schemas/owner-results';
import { ApiError, apiRequest, getQueryFn } from '@/lib/api-client';

export const ownerApi = '/api/owner';
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

/** Shows the sign-in page and forgets the inbox's data: after a sign-out, or once the server says the session is gone. */
function useSignedOut() {
  const client = useQueryClient();
  return () => {
    // The session query stays (its observer would lose track of a new one); everything else goes.
    client.setQueryData(sessionKey, null);
    client.removeQueries({ predicate: isInboxData });
  };
}

export function useSignOut() {
  const signedOut = useSignedOut();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `${ownerApi}/session`),
    onSuccess: signedOut,
    onError: (error) => {
      if (isSignedOut(error)) signedOut();
    },
  });
}

/** Ends every session, this one too, and removes every device that gets notifications. */
export function useSignOutEverywhere() {
  const signedOut = useSignedOut();
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('DELETE', `${ownerApi}/sessions`)).json()) as {
        sessionsEnded: number;
        devicesRemoved: number;
      },
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

export const refreshLists = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === ownerApi && String(query.queryKey[1]).startsWith('requests?'),
  });

/** The results of every period, after a change that they count. */
export const refreshResults = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === ownerApi && String(query.queryKey[1]).startsWith('results?'),
  });

/**
 * A new status, with the job value the page shows when it is a won one: one PATCH, so what the
 * page showed is what is stored and counted, never a status saved without its amount.
 */
export function useSetStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { status: InboxStatus; jobValue?: number | null }) =>
      (await (await apiRequest('PATCH', `${ownerApi}/requests/${id}`, change)).json()) as RequestState,
    onSuccess: (state) => {
      client.setQueryData<RequestDetail>([ownerApi, 'requests', id], (detail) =>
        detail ? { ...detail, ...state } : detail,
      );
      void refreshLists(client);
      // What the status sets going (Job done's review request, its messages) follows from the server.
      void client.invalidateQueries({ queryKey: [ownerApi, 'requests', id] });
      void refreshResults(client);
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
  const response = await fetch(`${ownerApi}/push/key`, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return ((await response.json()) as { publicKey: string }).publicKey;
}

export function useAddPushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscriptionJSON) =>
      (await (await apiRequest('POST', `${ownerApi}/push/subscriptions`, subscription)).json()) as PushDevice,
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

/** A tap on Call, Text or Reply: sent with keepalive, so it arrives while the phone opens its app. */
export function useRecordAnswer(id: string) {
  const client = useQueryClient();
  const update = (firstAnsweredAt: string | null, firstAnsweredVia: RequestDetail['firstAnsweredVia']) =>
    client.setQueryData<RequestDetail>([ownerApi, 'requests', id], (detail) =>
      detail ? { ...detail, firstAnsweredAt, firstAnsweredVia } : detail,
    );
  const record = useMutation({
    mutationFn: async (via: AnswerChannel) => {
      const response = await fetch(`${ownerApi}/requests/${id}/answer`, {
        method: 'POST',
        credentials: 'same-origin',
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ via }),
      });
      if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
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

const projectsKey = [ownerApi, 'projects'];

/** The owner's projects, drafts and published, newest first. */
export function useProjects() {
  return useQuery({
    queryKey: projectsKey,
    queryFn: getQueryFn<{ projects: OwnerProject[] }>({ on401: 'throw' }),
    select: (data) => data?.projects ?? [],
    staleTime: 0,
  });
}

export function useProject(id: string) {
  return useQuery({
    queryKey: [...projectsKey, id],
    queryFn: getQueryFn<OwnerProject>({ on401: 'throw' }),
    staleTime: 0,
  });
}

/** Saves (as a draft, or published) under the id the app chose: a retry saves the same project. */
export function useSaveProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProjectDraft & { action: 'draft' | 'publish' }) =>
      (await (await apiRequest('PUT', `${ownerApi}/projects/${id}`, body)).json()) as OwnerProject,
    onSuccess: (project) => {
      client.setQueryData([...projectsKey, id], project);
      void client.invalidateQueries({ queryKey: projectsKey, exact: true });
    },
  });
}

export function useUnpublishProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', `${ownerApi}/projects/${id}/unpublish`)).json()) as OwnerProject,
    onSuccess: (project) => {
      client.setQueryData([...projectsKey, id], project);
      void client.invalidateQueries({ queryKey: projectsKey, exact: true });
    },
  });
}

/** Uploads one project photo (its bytes as the body); the server makes its sizes and answers with them. */
export async function uploadProjectPhoto(file: Blob, signal?: AbortSignal): Promise<UploadedPhoto> {
  const response = await fetch(`${ownerApi}/project-photos`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as UploadedPhoto;
}

/** A variant of a project photo for the owner's own pages (a draft's photos are not public). */
export const projectPhotoHref = (photo: UploadedPhoto, width = 480) =>
  `${ownerApi}/project-photos/${photo.id}-${width}.jpg`;
