import { useMutation } from '@tanstack/react-query';
import type { QuoteRequest } from '@shared/schemas/quote-request';
import { ApiError, apiRequest } from '@/lib/api-client';

export const quoteRequestsPath = '/api/quote-requests';

/** The JSON body of POST /api/quote-requests: optional keys are left out when empty (spec point 7). */
export type QuotePayload = Omit<QuoteRequest, 'message' | 'photoUrl'> & { message?: string; photoUrl?: string };

export function quotePayload(values: QuoteRequest, photoUrl?: string): QuotePayload {
  const { name, phone, email, projectType, city, budgetRange, message } = values;
  return {
    name,
    phone,
    email,
    projectType,
    city,
    budgetRange,
    ...(message ? { message } : {}),
    ...(photoUrl ? { photoUrl } : {}),
  };
}

/** Sends a quote request. Any 2xx is success and its body is not read; retries are off (query-client). */
export function useSubmitQuote() {
  return useMutation({
    mutationFn: async (payload: QuotePayload) => {
      await apiRequest('POST', quoteRequestsPath, payload);
    },
  });
}

/**
 * The field messages of a 400 answer (`{ error, fieldErrors }`), first message per field.
 * Anything else (other statuses, unreadable bodies) gives an empty object.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(error.body);
  } catch {
    return {};
  }
  const fieldErrors = (parsed as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const message = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : messages;
    if (typeof message === 'string' && message) result[field] = message;
  }
  return result;
}
