// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestDetail, RequestEvent } from '@shared/schemas/owner-inbox';
import { DealFields } from './deal-fields';
import { eventText } from './history-section';
import { renderWithQueries, testRequest as request } from './test-request';

const show = (detail: RequestDetail) => renderWithQueries(<DealFields detail={detail} />);

afterEach(() => vi.unstubAllGlobals());

describe('the amounts under a request’s status', () => {
  it('asks for nothing while a request is new or contacted', () => {
    show(request({ status: 'contacted' }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('asks for the estimate once quoted, the job value (the estimate, filled in) once won, the reason once lost', () => {
    const { unmount } = show(request({ status: 'quoted' }));
    expect(screen.getByLabelText('Estimate amount')).toHaveValue('');
    expect(screen.queryByLabelText('Job value')).not.toBeInTheDocument();
    unmount();

    const won = show(request({ status: 'won', estimateAmount: 12_500 }));
    expect(screen.getByLabelText('Job value')).toHaveValue('12,500');
    expect(
      screen.getByText('The estimate, filled in: not saved yet. Save to keep it as the job value.'),
    ).toBeInTheDocument();
    won.unmount();

    // Job done counts as won: the same question, the value kept once saved.
    const done = show(request({ status: 'done', estimateAmount: 12_500, jobValue: 11_800 }));
    expect(screen.getByLabelText('Job value')).toHaveValue('11,800');
    expect(screen.queryByLabelText('Lost reason')).not.toBeInTheDocument();
    done.unmount();

    show(request({ status: 'lost', estimateAmount: 9_000, lostReason: 'price' }));
    expect(screen.getByLabelText('Lost reason')).toHaveValue('price');
    expect(screen.getByLabelText('Estimate amount')).toHaveValue('9,000');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Not given',
      'Price',
      'Timing',
      'Chose someone else',
      'No response',
      'Not a fit',
      'Other',
    ]);
  });

  it('refuses nonsense before sending, and sends only the amount, in whole dollars', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ status: 'won', jobValue: 11_800, history: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const user = userEvent.setup();
    show(request({ status: 'won', estimateAmount: 12_500 }));
    const field = screen.getByLabelText('Job value');
    await user.clear(field);
    await user.type(field, '-5');
    await user.click(screen.getByRole('button', { name: 'Save job value' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The job value cannot be negative.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, '$11,800.20');
    await user.click(screen.getByRole('button', { name: 'Save job value' }));
    await waitFor(() => expect(sent).toEqual([{ jobValue: 11_800 }]));
  });
});

describe('a change in the request’s history', () => {
  const event = (fields: Partial<RequestEvent>): RequestEvent => ({
    id: 1,
    at: '2026-11-20T21:03:00.000Z',
    kind: 'status',
    status: null,
    amount: null,
    lostReason: null,
    via: null,
    visitAt: null,
    device: null,
    ...fields,
  });

  it('reads as what the owner did', () => {
    expect(eventText(event({ kind: 'status', status: 'won' }))).toBe('Marked Won');
    expect(eventText(event({ kind: 'estimate', amount: 12_500 }))).toBe('Estimate amount $12,500');
    expect(eventText(event({ kind: 'job-value', amount: null }))).toBe('Job value cleared');
    expect(eventText(event({ kind: 'lost-reason', lostReason: 'competitor' }))).toBe('Lost reason: Chose someone else');
    expect(eventText(event({ kind: 'answer', via: 'text' }))).toBe('Answered with a tap on Text');
    expect(eventText(event({ kind: 'job-value-from-estimate', amount: 12_500 }))).toBe(
      'Job value $12,500, the estimate',
    );
    expect(eventText(event({ kind: 'visit-booked', visitAt: '2026-12-01T16:00:00.000Z' }))).toMatch(
      /^Booked by you: visit .*Dec.* 1.*9:00/,
    );
    expect(eventText(event({ kind: 'visit-moved', visitAt: '2026-12-02T20:30:00.000Z' }))).toMatch(
      /^Moved by you: visit .*Dec.* 2.*1:30/,
    );
    expect(eventText(event({ kind: 'visit-cancelled' }))).toBe('Visit cancelled by you');
  });
});
