import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { InboxStatus, RequestDetail } from '@shared/schemas/owner-inbox';
import { createQueryClient } from '@/lib/query-client';

/** What the request page's status and amount tests share: a request with what they read, and a render with queries. */
export const testRequest = (fields: Partial<RequestDetail> & { status: InboxStatus }) =>
  ({
    id: '3f6c1c52-5a8e-4d0e-9a55-2d3c1f0e7a10',
    createdAt: '2026-11-20T16:00:00.000Z',
    statusChangedAt: null,
    estimateAmount: null,
    jobValue: null,
    lostReason: null,
    wonAt: null,
    history: [],
    ...fields,
  }) as RequestDetail;

export const renderWithQueries = (node: ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
