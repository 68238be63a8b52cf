// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ThreadText } from '@shared/schemas/text-settings';
import { ApiError } from '@/lib/api-client';
import { TextThread } from './text-thread';

const texts: ThreadText[] = [
  {
    id: '1',
    direction: 'out',
    body: 'Rim Country Carpentry: thanks, Jane!',
    status: 'delivered',
    error: null,
    at: '2026-11-02T17:00:00.000Z',
  },
  {
    id: '2',
    direction: 'in',
    body: 'Can you do Saturday?',
    status: 'received',
    error: null,
    at: '2026-11-02T17:05:00.000Z',
  },
  {
    id: '3',
    direction: 'out',
    body: 'Saturday at 10 works.',
    status: 'undelivered',
    error: 'The number blocks texts.',
    at: '2026-11-02T17:06:00.000Z',
  },
];

const show = (send: (body: string) => Promise<unknown>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TextThread texts={texts} send={send} sending={false} />
    </QueryClientProvider>,
  );

describe('the texts with a homeowner', () => {
  it('reads like a phone: both ways in order, with how each of his went and the carrier’s reason', () => {
    show(() => Promise.resolve());
    const items = within(screen.getByRole('list', { name: 'Texts, oldest first' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^You: Rim Country Carpentry: thanks, Jane!.*Delivered$/),
      expect.stringMatching(/^Her text: Can you do Saturday\?/),
      expect.stringMatching(/Not delivered: The number blocks texts\.$/),
    ]);
    expect(items[0]).toHaveTextContent('Mon, Nov 2, 2026, 10:00 AM');
  });

  it('sends what he writes and empties the box; a refusal says why', async () => {
    const send = vi
      .fn()
      .mockResolvedValueOnce({})
      .mockRejectedValueOnce(new ApiError(409, '{"error":"She replied STOP."}', 'Conflict'));
    const user = userEvent.setup();
    show(send);
    const box = screen.getByLabelText('Text her from the business number');
    await user.type(box, 'See you Saturday');
    await user.click(screen.getByRole('button', { name: 'Send text' }));
    expect(send).toHaveBeenCalledWith('See you Saturday');
    await waitFor(() => expect(box).toHaveValue(''));
    await user.type(box, 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send text' }));
    expect(await screen.findByText('She replied STOP.')).toHaveAttribute('role', 'alert');
    expect(box).toHaveValue('Hello?');
  });
});
