import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { resetToasts } from '@/lib/use-toast';
import { QuoteForm } from './quote-form';
import { stopPendingQuote } from '../sending/send-pending-quote';

/**
 * What the tests of the full quote form share (quote-form.test.tsx, its fields, validation and
 * submit; quote-form-photo.test.tsx, the photo; quote-form-saved.test.tsx, what it keeps on the
 * device): a fake server behind fetch, the form rendered with its toasts, its parts found by role
 * and label, and a visitor's valid answers.
 */

export const uploadBase = 'https://storage.example.com/quote-photos/3f1c2b9e.png';
export const uploadURL = `${uploadBase}?X-Amz-Signature=abc123&X-Amz-Expires=300`;

type Handler = (init: RequestInit) => Response | Promise<Response>;
/** How the fake server answers each request; reset before each test, replaced by a test to answer otherwise. */
export const handlers = {} as { upload: Handler; put: Handler; submit: Handler };
export const fetchMock = vi.fn<typeof fetch>();

export const callsTo = (method: string, url: string | RegExp) =>
  fetchMock.mock.calls.filter(([input, init]) => {
    const target = String(input);
    return (init?.method ?? 'GET') === method && (typeof url === 'string' ? target === url : url.test(target));
  });
export const submitCalls = () => callsTo('POST', '/api/quote-requests');
export const submittedBody = (index = 0) =>
  JSON.parse(String(submitCalls()[index]?.[1]?.body)) as Record<string, unknown>;

/** Before each test of the calling file, fetch answers as the server would; after it, nothing is left behind. */
export function fakeServerEachTest() {
  beforeEach(() => {
    Object.assign(handlers, {
      upload: () => Response.json({ uploadURL }),
      put: () => new Response(null, { status: 200 }),
      submit: () => Response.json({ id: '8d0f7c4e-0b7a-4c55-9a53-3c0f1b2e6a11' }, { status: 201 }),
    });
    fetchMock.mockReset().mockImplementation(async (input, init = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      if (method === 'POST' && url === '/api/objects/upload') return handlers.upload(init);
      if (method === 'PUT' && url === uploadURL) return handlers.put(init);
      if (method === 'POST' && url === '/api/quote-requests') return handlers.submit(init);
      throw new Error(`Unexpected request ${method} ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    cleanup();
    act(() => resetToasts());
    vi.unstubAllGlobals();
    // The form keeps a draft and a waiting request on the device: each test starts without them.
    localStorage.clear();
    stopPendingQuote();
  });
}

export function renderForm() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <QuoteForm />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

export const notifications = () => within(screen.getByRole('region', { name: 'Notifications (F8)' }));
export const form = () => within(screen.getByRole('form', { name: 'Request a Free Quote' }));
export const submitButton = () => screen.getByRole('button', { name: /Request Free Quote|Submitting\.\.\./ });
export const photoInput = () =>
  screen.getByLabelText(/Add a Photo|Photo Uploaded|Uploading photo…/) as HTMLInputElement;

export const valid = {
  name: 'Jamie Rivera',
  phone: '(928) 555-0199',
  email: 'jamie@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: 'About 12 x 16 ft, back yard, gate on the left side.',
} as const;

export async function fillValid(user: UserEvent, values: Partial<Record<keyof typeof valid, string>> = valid) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.phone) await user.type(screen.getByLabelText('Phone'), values.phone);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.projectType) await user.selectOptions(screen.getByLabelText('Project Type'), values.projectType);
  if (values.city) await user.type(screen.getByLabelText('City'), values.city);
  if (values.budgetRange) await user.selectOptions(screen.getByLabelText('Budget Range'), values.budgetRange);
  if (values.message) await user.type(screen.getByLabelText('Message'), values.message);
}

export function fieldValues() {
  return {
    name: (screen.getByLabelText('Name') as HTMLInputElement).value,
    phone: (screen.getByLabelText('Phone') as HTMLInputElement).value,
    email: (screen.getByLabelText('Email') as HTMLInputElement).value,
    projectType: (screen.getByLabelText('Project Type') as HTMLSelectElement).value,
    city: (screen.getByLabelText('City') as HTMLInputElement).value,
    budgetRange: (screen.getByLabelText('Budget Range') as HTMLSelectElement).value,
    message: (screen.getByLabelText('Message') as HTMLTextAreaElement).value,
  };
}

export const pngFile = (name = 'porch.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
