// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { renderWithQueries, testRequest as request } from './test-request';
import { StatusSection } from './status-section';

function answering(body: (sent: Record<string, unknown>) => Record<string, unknown>) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const change = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(change);
      return new Response(JSON.stringify({ history: [], ...body(change) }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

const show = (detail: RequestDetail) => renderWithQueries(<StatusSection detail={detail} />);

afterEach(() => vi.unstubAllGlobals());

describe('a won status and the job value the page shows', () => {
  it('sends a job value typed and not saved with Job done, in one change', async () => {
    const sent = answering((change) => ({ ...change }));
    const user = userEvent.setup();
    show(request({ status: 'won', estimateAmount: 12_500, jobValue: 12_500 }));
    const field = screen.getByLabelText('Job value');
    await user.clear(field);
    await user.type(field, '11,800');
    expect(screen.getByText('Not saved yet: tap Save to keep it.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'done');
    await waitFor(() => expect(sent).toEqual([{ status: 'done', jobValue: 11_800 }]));
  });

  it('sends the status alone when the box holds what is stored, or there is no box yet', async () => {
    const sent = answering((change) => ({ ...change, jobValue: 9_000 }));
    const user = userEvent.setup();
    const { unmount } = show(request({ status: 'won', jobValue: 9_000 }));
    await user.selectOptions(screen.getByLabelText('Status'), 'done');
    await waitFor(() => expect(sent).toEqual([{ status: 'done' }]));
    unmount();
    show(request({ status: 'quoted', estimateAmount: 9_000 }));
    await user.selectOptions(screen.getByLabelText('Status'), 'won');
    await waitFor(() => expect(sent.at(-1)).toEqual({ status: 'won' }));
  });

  it('changes nothing while the job value box holds nonsense, and says why', async () => {
    const sent = answering((change) => change);
    const user = userEvent.setup();
    show(request({ status: 'won', jobValue: 9_000 }));
    const field = screen.getByLabelText('Job value');
    await user.clear(field);
    await user.type(field, 'lots');
    await user.selectOptions(screen.getByLabelText('Status'), 'done');
    expect(sent).toEqual([]);
    expect(screen.getByLabelText('Status')).toHaveValue('won');
  });
});
