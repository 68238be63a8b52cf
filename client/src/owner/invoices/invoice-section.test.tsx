// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobBilling, OwnerInvoice } from '@shared/schemas/invoices';
import { createQueryClient } from '@/lib/query-client';
import { InvoiceSection } from './invoice-section';

const deposit: OwnerInvoice = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'INV-0003',
  title: 'Deposit',
  kind: 'part',
  part: 0,
  status: 'open',
  total: 3000,
  extra: 0,
  paid: 0,
  balance: 3000,
  dueDate: '2026-12-18',
  overdue: false,
  sentAt: '2026-12-04T17:00:00.000Z',
  url: 'https://example.com/invoice/x',
  payments: [],
};
const billing: JobBilling = {
  total: 10_000,
  billed: 3000,
  left: 7000,
  parts: [
    { index: 0, label: 'Deposit', due: 'approval', amount: 3000, invoice: 'INV-0003' },
    { index: 1, label: 'Framing done', due: 'milestone', amount: 4000, invoice: null },
    { index: 2, label: 'Balance', due: 'completion', amount: 3000, invoice: null },
  ],
};

/** The owner's API as the section reaches it: the request's invoices, and what it posts. */
function server() {
  const posted: { url: string; method: string; key: string | null; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (!init.method || init.method === 'GET') return json({ invoices: [deposit], billing });
      posted.push({
        url,
        method: init.method,
        key: new Headers(init.headers).get('Idempotency-Key'),
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.endsWith('/payments')) return json({ error: 'The server could not record it this time.' }, 503);
      return json({ ...deposit, status: 'void', balance: 0 });
    }),
  );
  return posted;
}

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InvoiceSection requestId="22222222-2222-4222-8222-222222222222" name="Dana" />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('invoices on a request’s page', () => {
  it('offers each part of the schedule not invoiced by its label, and the final invoice for what is left', async () => {
    server();
    show();
    expect(await screen.findByRole('button', { name: 'Invoice Framing done · $4,000.00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Final invoice · $7,000.00' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invoice the deposit/ })).not.toBeInTheDocument();
    expect(screen.getByText('Balance $3,000.00')).toBeInTheDocument();
  });

  it('sends a payment tried twice with one Idempotency-Key, so it is recorded once', async () => {
    const posted = server();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Record a payment' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('3000.00');
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '1000');
    await user.type(screen.getByLabelText('Check number'), '1042');
    await user.click(screen.getByRole('button', { name: 'Record the payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not record it');
    await user.click(screen.getByRole('button', { name: 'Record the payment' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[0]!.body).toMatchObject({ amount: 1000, method: 'check', reference: '1042' });
    expect(posted[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted[1]!.key).toBe(posted[0]!.key);
  });

  it('asks once before voiding, and voids nothing when he keeps it', async () => {
    const posted = server();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const asked = screen.getByRole('dialog', { name: 'Void INV-0003?' });
    await user.click(within(asked).getByRole('button', { name: 'Keep it' }));
    expect(posted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Void' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Void the invoice' }));
    await waitFor(() =>
      expect(posted.map((call) => call.url)).toEqual([expect.stringMatching(/\/invoices\/1{8}-.*\/void$/)]),
    );
  });
});
