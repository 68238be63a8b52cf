import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * What every part's API hooks share (each part keeps its own hooks in `<part>-api.ts`): where the
 * owner's API is, its answers as JSON, the message of a refusal, and the end of a session.
 */
export const ownerApi = '/api/owner';
export const sessionKey = [ownerApi, 'session'];

/** A write to the owner's API (`path` after /api/owner), answered with JSON. */
export async function ownerJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, `${ownerApi}${path}`, body)).json()) as T;
}

/**
 * A call the JSON helpers do not make (a photo's bytes as the body, keepalive while the phone opens
 * another app), with the session's cookie; a refusal throws an ApiError as theirs do.
 */
export async function ownerFetch(path: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(`${ownerApi}${path}`, { credentials: 'same-origin', ...init });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

/** A request's photo, as the inbox, the request's page and the estimate form show it. */
export const photoHref = (id: string) => `${ownerApi}/requests/${id}/photo`;

/** What the server said with a refusal (of that status, when given): its JSON body; null when there is none. */
export function refusal<T>(error: unknown, status?: number): Partial<T> | null {
  if (!(error instanceof ApiError) || (status !== undefined && error.status !== status)) return null;
  try {
    return JSON.parse(error.body) as Partial<T> | null;
  } catch {
    return null;
  }
}

/** The message of a refused request, from its JSON `{ error }` when there is one, else its status line. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The server could not be reached. Check the connection and try again.';
  const said = refusal<{ error: unknown }>(error)?.error;
  return typeof said === 'string' ? said : error.message;
}

/** A 401 on any call means the session ended (signed out elsewhere, expired, password changed). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Every cached answer of the owner's app but the session itself: none of it may outlive a session. */
export const isOwnerData = (query: Query) => query.queryKey[0] === ownerApi && query.queryKey[1] !== 'session';

/** Shows the sign-in page again when the session is gone. */
export function useSessionEnded() {
  const client = useQueryClient();
  return (error: unknown) => {
    if (isSignedOut(error)) client.setQueryData(sessionKey, null);
  };
}

/** Shows the sign-in page once a page's query fails because the session is gone. */
export function useSessionEndedBy(error: unknown) {
  const sessionEnded = useSessionEnded();
  useEffect(() => {
    if (error) sessionEnded(error);
  }, [error, sessionEnded]);
}
