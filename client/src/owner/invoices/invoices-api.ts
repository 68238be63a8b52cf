import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvoiceInput,
  JobBilling,
  Outstanding,
  OwnerInvoice,
  PaymentDetails,
  PaymentInput,
} from '@shared/schemas/invoices';

export type { Outstanding };
import { apiRequest, getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerJson } from '../app/owner-api';

const detailsKey = [ownerApi, 'payment-details'];
const outstandingKey = [ownerApi, 'books', 'outstanding'];
const invoicesKey = (requestId: string) => [ownerApi, 'requests', requestId, 'invoices'];

export function usePaymentDetails() {
  return useQuery({ queryKey: detailsKey, queryFn: getQueryFn<PaymentDetails>({ on401: 'throw' }) });
}

export function useSavePaymentDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: PaymentDetails) => ownerJson<PaymentDetails>('PUT', '/payment-details', details),
    onSuccess: (saved) => client.setQueryData(detailsKey, saved),
  });
}

/** A request's invoices and its job's billing (null before an approval). */
export function useRequestInvoices(requestId: string) {
  return useQuery({
    queryKey: invoicesKey(requestId),
    queryFn: getQueryFn<{ invoices: OwnerInvoice[]; billing: JobBilling | null }>({ on401: 'throw' }),
  });
}

/** Who owes what and for how long (the inbox's overdue card, the results' books). */
export function useOutstanding() {
  return useQuery({
    queryKey: outstandingKey,
    queryFn: getQueryFn<{ outstanding: Outstanding[] }>({ on401: 'throw' }),
  });
}

/** Make, send, void, record a payment, undo one: each refreshes the request's page and the books. */
export function useInvoiceActions(requestId: string) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [ownerApi, 'requests', requestId] }),
      client.invalidateQueries({ queryKey: [ownerApi, 'books'] }),
      client.invalidateQueries({ queryKey: [ownerApi, 'results'] }),
    ]);
  const create = useMutation({
    mutationFn: (input: InvoiceInput) => ownerJson<OwnerInvoice>('POST', `/requests/${requestId}/invoices`, input),
    onSuccess: refresh,
  });
  const send = useMutation({
    mutationFn: (id: string) => ownerJson<OwnerInvoice>('POST', `/invoices/${id}/send`),
    onSuccess: refresh,
  });
  const voidInvoice = useMutation({
    mutationFn: (id: string) => ownerJson<OwnerInvoice>('POST', `/invoices/${id}/void`),
    onSuccess: refresh,
  });
  const pay = useMutation({
    // One key per payment form: a second tap, or a retry after a lost answer, is recognised.
    mutationFn: async ({ id, payment, key }: { id: string; payment: PaymentInput; key: string }) =>
      (await (
        await apiRequest('POST', `${ownerApi}/invoices/${id}/payments`, payment, { 'Idempotency-Key': key })
      ).json()) as { balance: number },
    onSuccess: refresh,
  });
  const undo = useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) =>
      ownerJson<{ balance: number }>('DELETE', `/invoices/${id}/payments/${paymentId}`),
    onSuccess: refresh,
  });
  return { create, send, voidInvoice, pay, undo };
}

export const invoicesCsvHref = `${ownerApi}/books/invoices.csv`;
export const paymentsCsvHref = `${ownerApi}/books/payments.csv`;
