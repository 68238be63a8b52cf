import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { QuoteForm } from './quote-form';

/**
 * The full quote form as its tests render it (quote-form.test.tsx, its fields, validation and
 * submit; quote-form-photo.test.tsx, the photo; quote-form-saved.test.tsx, what it keeps on the
 * device), with its toasts and its parts found by role and label. The server it talks to is
 * fake-quote-server.ts, what a visitor types in it quote-form-answers.ts.
 */

/** Renders the form with its toasts: the user that operates it (`options` as userEvent's). */
export function renderForm(options?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(options);
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
