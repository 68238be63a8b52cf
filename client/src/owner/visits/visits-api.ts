import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerVisit, VisitBlock, VisitBlockInput, VisitSettings } from '@shared/schemas/visits';
import { apiRequest, getQueryFn } from '@/lib/api-client';
import { isOwnerData, ownerApi, ownerJson } from '../app/owner-api';

const visitsKey = [ownerApi, 'visits'];
const settingsKey = [ownerApi, 'visit-settings'];
const feedKey = [ownerApi, 'calendar-feed'];

/** Booked visits still to come, soonest first. */
export function useUpcomingVisits() {
  return useQuery({
    queryKey: visitsKey,
    queryFn: getQueryFn<OwnerVisit[]>({ on401: 'throw' }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** The request's visit: booked, or the last one cancelled; null when none was ever booked. */
export function useRequestVisit(id: string) {
  return useQuery({
    queryKey: [ownerApi, 'requests', id, 'visit'],
    queryFn: getQueryFn<{ visit: OwnerVisit | null }>({ on401: 'throw' }),
    staleTime: 0,
  });
}

export function useVisitSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: getQueryFn<{ settings: VisitSettings; blocks: VisitBlock[] }>({ on401: 'throw' }),
  });
}

export function useSaveVisitSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: VisitSettings) => apiRequest('PUT', `${ownerApi}/visit-settings`, settings),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKey }),
  });
}

export function useAddBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (block: VisitBlockInput) => apiRequest('POST', `${ownerApi}/visit-blocks`, block),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKey }),
  });
}

export function useRemoveBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${ownerApi}/visit-blocks/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKey }),
  });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: feedKey, queryFn: getQueryFn<{ url: string }>({ on401: 'throw' }) });
}

/** A new secret address; calendars subscribed to the old one get nothing more. */
export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ownerJson<{ url: string }>('POST', '/calendar-feed/revoke'),
    onSuccess: (data) => client.setQueryData(feedKey, data),
  });
}

/** What booking the homeowner's visit answers (PUT /api/owner/requests/<id>/visit). */
export interface OwnerBookingAnswer {
  visit: OwnerVisit;
  outcome: 'booked' | 'rescheduled' | 'unchanged';
  /** Set when the time is outside his hours for visits or on a day off: it booked all the same. */
  warning: string | null;
}

/**
 * The owner books, moves or cancels the request's visit for the homeowner. After either, what
 * the owner's pages show of it is loaded again: the visit, the request's status, history and
 * first answer, the upcoming visits and the inbox.
 */
export function useOwnerVisitBooking(id: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ predicate: isOwnerData });
  const book = useMutation({
    mutationFn: (booking: { start: string; address?: string }) =>
      ownerJson<OwnerBookingAnswer>('PUT', `/requests/${id}/visit`, booking),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: (reason: string) =>
      apiRequest('DELETE', `${ownerApi}/requests/${id}/visit`, reason.trim() ? { reason: reason.trim() } : undefined),
    onSuccess: refresh,
  });
  return { book, cancel };
}
