// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { sampleQuote } from '@/test/sample-quote';
import { readDraft, readPending, readSent, saveDraft, savePending } from '../sending/saved-quote';
import { stopPendingQuote } from '../sending/send-pending-quote';
import { fakeServerEachTest, handlers, submitCalls } from './fake-quote-server';
import { emptyValues, fieldValues, fillValid, sendValid, valid } from './quote-form-answers';
import { notifications, renderForm, submitButton } from './render-quote-form';

// What the full quote form keeps on the device: the draft, a request the network or a busy server
// kept from being sent (sent once it can be), and what was sent, shown with its booking page.

fakeServerEachTest();

describe('QuoteForm keeps the request', () => {
  const keyOf = (index: number) => (submitCalls()[index]?.[1]?.headers as Record<string, string>)['Idempotency-Key'];
  const confirmation = () => screen.queryByRole('region', { name: 'Your quote request was sent' });

  it('restores a saved draft, saves what is typed, and Clear form empties both', async () => {
    saveDraft({ values: { name: 'Dana Smith', projectType: 'Roofing' } });
    const user = renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('Dana Smith');
    expect(screen.getByLabelText('Project Type')).toHaveValue('Roofing');
    await user.type(screen.getByLabelText('City'), 'Pine');
    expect(readDraft()?.values).toEqual({ name: 'Dana Smith', projectType: 'Roofing', city: 'Pine' });

    await user.click(screen.getByRole('button', { name: 'Clear form' }));
    expect(fieldValues()).toEqual(emptyValues);
    expect(readDraft()).toBeNull();
  });

  it('counts the fill time from when the draft was begun', async () => {
    saveDraft({ values: { name: valid.name } }, Date.now() - 60_000);
    const user = renderForm();
    await sendValid(user, { ...valid, name: '' });
    const headers = submitCalls()[0]?.[1]?.headers as Record<string, string>;
    expect(Number(headers['X-Form-Fill-Ms'])).toBeGreaterThanOrEqual(60_000);
  });

  it('keeps a request the network dropped, says so with the phone, and sends it once back online', async () => {
    handlers.submit = () => Promise.reject(new TypeError('Failed to fetch'));
    const user = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Error submitting request');
    const notice = screen.getByText(/saved on this device and will be sent automatically/).closest('[role="status"]');
    expect(notice).not.toBeNull();
    expect(notice).toHaveTextContent(/^No connection to our server right now\./);
    expect(within(notice as HTMLElement).getByRole('link', { name: business.phoneDisplay })).toHaveAttribute(
      'href',
      `tel:${business.phoneE164}`,
    );
    expect(readPending()?.signals.idempotencyKey).toBe(keyOf(0));
    expect(fieldValues()).toEqual(valid);

    handlers.submit = () => new Response(null, { status: 201 });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await notifications().findByText('Quote request submitted!')).toBeInTheDocument();
    await waitFor(() => expect(confirmation()).toBeInTheDocument());
    expect(submitCalls()).toHaveLength(2);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(readPending()).toBeNull();
    expect(readDraft()).toBeNull();
    expect(fieldValues().name).toBe('');
    expect(screen.queryByText(/saved on this device/)).not.toBeInTheDocument();
  });

  it.each([
    [503, /^Our system is briefly down\. Your request is saved on this device and will be sent automatically/],
    [429, /^Our server is busy right now\. Your request is saved on this device and will be sent automatically/],
  ])('keeps the request on a %i, says why, and not on a 400', async (status, says) => {
    handlers.submit = () => Response.json({ error: 'busy' }, { status });
    const user = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    expect(await screen.findByText(/saved on this device/)).toBeInTheDocument();
    expect(screen.getByText(says)).toBeInTheDocument();
    expect(screen.queryByText(/No connection/)).not.toBeInTheDocument();
    expect(readPending()?.payload).toMatchObject({ email: valid.email });
    stopPendingQuote();
    localStorage.clear();

    handlers.submit = () =>
      Response.json(
        { error: 'Invalid', fieldErrors: { email: ['Please enter a valid email address'] } },
        { status: 400 },
      );
    await user.click(submitButton());
    expect(
      await screen.findByText(/Your request was not sent: please check the highlighted fields\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/saved on this device/)).not.toBeInTheDocument();
    expect(readPending()).toBeNull();
  });

  it('opened with a request waiting on this device, says it will be sent, without guessing why it waits', async () => {
    handlers.submit = () => Promise.reject(new TypeError('Failed to fetch'));
    savePending({ payload: { ...sampleQuote.payload }, signals: { ...sampleQuote.signals } });
    renderForm();
    const notice = screen.getByText(/saved on this device and will be sent automatically/).closest('[role="status"]');
    expect(notice).toHaveTextContent(/^Your request is saved on this device/);
    await waitFor(() => expect(submitCalls()).toHaveLength(1));
    stopPendingQuote();
  });

  it('shows what was sent above the form until a new request is started', async () => {
    const user = renderForm();
    await sendValid(user);
    const panel = confirmation()!;
    expect(panel).toHaveTextContent('We received your request for Deck in Payson');
    expect(panel).toHaveTextContent("We'll contact you within 24 hours");
    expect(within(panel).getByRole('link', { name: business.phoneDisplay })).toHaveAttribute(
      'href',
      `tel:${business.phoneE164}`,
    );
    expect(readSent()).toMatchObject({ projectType: 'Deck', city: 'Payson' });

    await user.type(screen.getByLabelText('Name'), 'A');
    expect(confirmation()).not.toBeInTheDocument();
    expect(readSent()).toBeNull();
  });

  it('offers the request’s booking page with the confirmation, also on the next visit', async () => {
    const visitUrl = `/visit/${'a'.repeat(43)}`;
    handlers.submit = () => Response.json({ id: 'x', visitUrl }, { status: 201 });
    const user = renderForm();
    await sendValid(user);
    const offer = within(confirmation()!).getByRole('link', { name: 'Pick a time for your free on-site estimate' });
    expect(offer).toHaveAttribute('href', visitUrl);
    expect(readSent()).toMatchObject({ visitUrl });
  });
});
