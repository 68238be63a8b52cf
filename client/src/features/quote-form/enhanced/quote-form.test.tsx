// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { business } from '@shared/content/business';
import { budgetRanges, projectTypes } from '@shared/schemas/quote-request';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { resetToasts, useToast } from '@/lib/use-toast';
import { sampleQuote } from '@/test/sample-quote';
import { QuoteForm } from './quote-form';
import { readDraft, readPending, readSent, saveDraft, savePending } from '../sending/saved-quote';
import { stopPendingQuote } from '../sending/send-pending-quote';

const uploadBase = 'https://storage.example.com/quote-photos/3f1c2b9e.png';
const uploadURL = `${uploadBase}?X-Amz-Signature=abc123&X-Amz-Expires=300`;

type Handler = (init: RequestInit) => Response | Promise<Response>;
let handlers: { upload: Handler; put: Handler; submit: Handler };
const fetchMock = vi.fn<typeof fetch>();

const callsTo = (method: string, url: string | RegExp) =>
  fetchMock.mock.calls.filter(([input, init]) => {
    const target = String(input);
    return (init?.method ?? 'GET') === method && (typeof url === 'string' ? target === url : url.test(target));
  });
const submitCalls = () => callsTo('POST', '/api/quote-requests');
const submittedBody = (index = 0) => JSON.parse(String(submitCalls()[index]?.[1]?.body)) as Record<string, unknown>;

beforeEach(() => {
  handlers = {
    upload: () => Response.json({ uploadURL }),
    put: () => new Response(null, { status: 200 }),
    submit: () => Response.json({ id: '8d0f7c4e-0b7a-4c55-9a53-3c0f1b2e6a11' }, { status: 201 }),
  };
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

function renderForm() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <QuoteForm />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

const notifications = () => within(screen.getByRole('region', { name: 'Notifications (F8)' }));
const form = () => within(screen.getByRole('form', { name: 'Request a Free Quote' }));
const submitButton = () => screen.getByRole('button', { name: /Request Free Quote|Submitting\.\.\./ });
const photoInput = () => screen.getByLabelText(/Add a Photo|Photo Uploaded|Uploading photo…/) as HTMLInputElement;

const valid = {
  name: 'Jamie Rivera',
  phone: '(928) 555-0199',
  email: 'jamie@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: 'About 12 x 16 ft, back yard, gate on the left side.',
} as const;

async function fillValid(user: UserEvent, values: Partial<Record<keyof typeof valid, string>> = valid) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.phone) await user.type(screen.getByLabelText('Phone'), values.phone);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.projectType) await user.selectOptions(screen.getByLabelText('Project Type'), values.projectType);
  if (values.city) await user.type(screen.getByLabelText('City'), values.city);
  if (values.budgetRange) await user.selectOptions(screen.getByLabelText('Budget Range'), values.budgetRange);
  if (values.message) await user.type(screen.getByLabelText('Message'), values.message);
}

function fieldValues() {
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

const pngFile = (name = 'porch.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('QuoteForm fields', () => {
  it('has the heading, labelled fields and the submit button', () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Request a Free Quote' })).toBeInTheDocument();
    for (const label of ['Name', 'Phone', 'Email', 'Project Type', 'City', 'Budget Range', 'Message']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(photoInput()).toHaveAttribute('type', 'file');
    expect(photoInput()).toHaveAttribute('accept', 'image/*');
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(/size.*when.*access/);
    expect(submitButton()).toHaveTextContent('Request Free Quote');
    expect(submitButton()).toBeEnabled();
  });

  it('takes the heading level from its host', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <QuoteForm headingLevel={3} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Request a Free Quote' })).toBeInTheDocument();
  });

  it('lists the 19 project types and 7 budget ranges in order after their placeholders', () => {
    renderForm();
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Project Type')).toEqual(['Select a project type', ...projectTypes]);
    expect(options('Budget Range')).toEqual(['Select a budget range', ...budgetRanges]);
    expect(projectTypes).toHaveLength(19);
    expect(budgetRanges).toHaveLength(7);
    expect(screen.getByLabelText('Project Type')).toHaveValue('');
    expect(screen.getByLabelText('Budget Range')).toHaveValue('');
  });
});

describe('QuoteForm validation', () => {
  it('shows all six messages on an empty submit, focuses the first field and sends nothing', async () => {
    const user = renderForm();
    await user.click(submitButton());

    const messages = [
      ['Name', 'Name must be at least 2 characters'],
      ['Phone', 'Please enter a valid phone number'],
      ['Email', 'Please enter a valid email address'],
      ['Project Type', 'Please select a project type'],
      ['City', 'Please enter your city'],
      ['Budget Range', 'Please select a budget range'],
    ] as const;
    expect(await screen.findAllByRole('alert')).toHaveLength(6);
    for (const [label, message] of messages) {
      const field = screen.getByLabelText(label);
      expect(screen.getByText(message)).toHaveAttribute('role', 'alert');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('Message')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a 9-character phone number and accepts it once it has 10', async () => {
    const user = renderForm();
    await fillValid(user, { ...valid, phone: '928555014' });
    await user.click(submitButton());
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    // Re-validated on change once submitted.
    await user.type(screen.getByLabelText('Phone'), '7');
    // The schema's check runs asynchronously after the keystroke: the message goes once it has.
    await waitFor(() => expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects an invalid e-mail address', async () => {
    const user = renderForm();
    await fillValid(user, { ...valid, email: 'jamie@' });
    await user.click(submitButton());
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('QuoteForm submit', () => {
  it("shows 'Submitting...' on a disabled button while pending, then the success toast and an empty form", async () => {
    const answer = deferred<Response>();
    handlers.submit = () => answer.promise;
    const user = renderForm();
    await fillValid(user);
    await user.click(submitButton());

    await waitFor(() => expect(submitButton()).toHaveTextContent('Submitting...'));
    expect(submitButton()).toBeDisabled();
    await user.click(submitButton());
    expect(submitCalls()).toHaveLength(1);

    await act(async () => answer.resolve(Response.json({ id: 'x' }, { status: 201 })));

    expect(await notifications().findByText('Quote request submitted!')).toBeInTheDocument();
    expect(notifications().getByText("We'll contact you within 24 hours to discuss your project.")).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Request Free Quote');
    expect(submitButton()).toBeEnabled();
    expect(fieldValues()).toEqual({
      name: '',
      phone: '',
      email: '',
      projectType: '',
      city: '',
      budgetRange: '',
      message: '',
    });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    const { result } = renderHook(() => useToast());
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Quote request submitted!',
      variant: 'default',
      duration: 5000,
    });
  });

  it('POSTs the fields as JSON without photoUrl when there is no photo', async () => {
    const user = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');

    const [, init] = submitCalls()[0]!;
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(submittedBody()).toStrictEqual({ ...valid });
  });

  it('leaves out an empty message and trims what was typed', async () => {
    const user = renderForm();
    await fillValid(user, { ...valid, name: '  Jamie Rivera ', message: undefined });
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');
    const { message: _message, ...withoutMessage } = valid;
    expect(submittedBody()).toStrictEqual(withoutMessage);
  });

  it('keeps everything typed and shows the destructive toast when sending fails', async () => {
    handlers.submit = () => new Response('{"error":"Something went wrong"}', { status: 500 });
    const user = renderForm();
    await fillValid(user);
    await user.click(submitButton());

    const title = await notifications().findByText('Error submitting request');
    expect(notifications().getByText(`Please try again or call us at ${business.phoneDisplay}`)).toBeInTheDocument();
    expect(title.closest('li')).toHaveClass('destructive');
    expect(fieldValues()).toEqual(valid);
    expect(submitButton()).toBeEnabled();
    expect(submitButton()).toHaveTextContent('Request Free Quote');
  });

  it('shows the same toast when the network is down, and sends again on the next try', async () => {
    handlers.submit = () => Promise.reject(new TypeError('Failed to fetch'));
    const user = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Error submitting request');
    expect(fieldValues()).toEqual(valid);

    handlers.submit = () => new Response(null, { status: 201 });
    await user.click(submitButton());
    expect(await notifications().findByText('Quote request submitted!')).toBeInTheDocument();
    expect(submitCalls()).toHaveLength(2);
  });

  it('sends one Idempotency-Key per request: the same on a retry, a new one for the next request', async () => {
    const keyOf = (index: number) => (submitCalls()[index]?.[1]?.headers as Record<string, string>)['Idempotency-Key'];
    handlers.submit = () => Promise.reject(new TypeError('Failed to fetch'));
    const user = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Error submitting request');
    handlers.submit = () => new Response(null, { status: 201 });
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');
    expect(keyOf(0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(1)).toBe(keyOf(0));

    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitCalls()).toHaveLength(3));
    expect(keyOf(2)).not.toBe(keyOf(0));
  });

  it('tells the server how long the form took and sends the hidden field only when a bot filled it', async () => {
    const user = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');
    const headers = submitCalls()[0]?.[1]?.headers as Record<string, string>;
    expect(Number(headers['X-Form-Fill-Ms'])).toBeGreaterThan(0);
    expect(headers).not.toHaveProperty('X-Form-Honeypot');
    // People cannot reach the hidden field: it is outside the tab order and the accessibility tree.
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it("shows a 400's field errors on the fields", async () => {
    handlers.submit = () =>
      Response.json(
        { error: 'Invalid quote request', fieldErrors: { email: ['Please enter a valid email address'] } },
        { status: 400 },
      );
    const user = renderForm();
    await fillValid(user);
    await user.click(submitButton());

    await notifications().findByText('Error submitting request');
    const email = screen.getByLabelText('Email');
    expect(form().getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(fieldValues()).toEqual(valid);
  });
});

describe('QuoteForm photo', () => {
  it('asks for an upload URL, PUTs the file with its type and shows the three signs', async () => {
    const user = renderForm();
    const file = pngFile();
    await user.upload(photoInput(), file);

    expect(await screen.findByText('Photo Uploaded')).toBeInTheDocument();
    expect(screen.getByText('✓ Photo attached')).toBeInTheDocument();
    expect(notifications().getByText('Photo uploaded')).toBeInTheDocument();
    expect(notifications().getByText('Your photo has been attached to the quote request.')).toBeInTheDocument();

    const [[, askInit]] = callsTo('POST', '/api/objects/upload') as [[unknown, RequestInit]];
    expect(askInit.body).toBeUndefined();
    const [[, putInit]] = callsTo('PUT', uploadURL) as [[unknown, RequestInit]];
    expect(putInit.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(putInit.body).toBe(file);
    expect(putInit.credentials).toBeUndefined();

    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');
    expect(submittedBody()).toStrictEqual({ ...valid, photoUrl: uploadBase });
  });

  it("keeps submit disabled and reads 'Uploading photo…' until the upload is done", async () => {
    const put = deferred<Response>();
    handlers.put = () => put.promise;
    const user = renderForm();
    await fillValid(user);
    await user.upload(photoInput(), pngFile());

    expect(await screen.findByText('Uploading photo…')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.click(submitButton());
    expect(submitCalls()).toHaveLength(0);

    await act(async () => put.resolve(new Response(null, { status: 200 })));
    expect(await screen.findByText('Photo Uploaded')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('clears the photo with the rest of the form after a successful submit', async () => {
    const user = renderForm();
    await user.upload(photoInput(), pngFile());
    await screen.findByText('Photo Uploaded');
    await fillValid(user);
    await user.click(submitButton());

    await notifications().findByText('Quote request submitted!');
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(screen.queryByText('Photo Uploaded')).not.toBeInTheDocument();
    expect(screen.queryByText('✓ Photo attached')).not.toBeInTheDocument();
    expect(photoInput().files).toHaveLength(0);
    expect(photoInput().value).toBe('');
  });

  it('keeps the photo when sending fails', async () => {
    handlers.submit = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    const user = renderForm();
    await user.upload(photoInput(), pngFile());
    await screen.findByText('Photo Uploaded');
    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Error submitting request');
    expect(screen.getByText('✓ Photo attached')).toBeInTheDocument();
    expect(submittedBody()).toMatchObject({ photoUrl: uploadBase });
  });

  it('shows the error toast when the upload fails and lets the visitor try again', async () => {
    handlers.upload = () => new Response('{"error":"Too many requests"}', { status: 429 });
    const user = renderForm();
    await user.upload(photoInput(), pngFile());

    const title = await notifications().findByText('Photo upload failed');
    expect(title.closest('li')).toHaveClass('destructive');
    expect(notifications().getByText('Please try again, or send your request without a photo.')).toBeInTheDocument();
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(screen.queryByText('✓ Photo attached')).not.toBeInTheDocument();
    expect(photoInput()).toBeEnabled();
    expect(submitButton()).toBeEnabled();

    handlers.upload = () => Response.json({ uploadURL });
    await user.upload(photoInput(), pngFile());
    expect(await screen.findByText('Photo Uploaded')).toBeInTheDocument();
    expect(screen.getByText('✓ Photo attached')).toBeInTheDocument();
  });

  it('treats a refused PUT as a failed upload, and the request can still go without a photo', async () => {
    handlers.put = () => new Response('expired', { status: 403 });
    const user = renderForm();
    await user.upload(photoInput(), pngFile());
    await notifications().findByText('Photo upload failed');

    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');
    expect(submittedBody()).not.toHaveProperty('photoUrl');
  });

  it('refuses a file that is not a photo, plainly, without uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <QuoteForm />
        <Toaster />
      </QueryClientProvider>,
    );
    await user.upload(photoInput(), new File(['%PDF-1.7'], 'estimate.pdf', { type: 'application/pdf' }));

    expect(await form().findByText('Please choose a photo (JPG, PNG, WebP, HEIC or GIF).')).toBeInTheDocument();
    expect(notifications().getByText('Photo not added')).toBeInTheDocument();
    expect(notifications().getByText('That file is not a photo we can attach.')).toBeInTheDocument();
    expect(screen.getAllByText('Please choose a photo (JPG, PNG, WebP, HEIC or GIF).')).toHaveLength(1);
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the photo again when the server cannot find it', async () => {
    handlers.submit = () =>
      Response.json(
        {
          error: 'Please check the highlighted fields.',
          fieldErrors: { photoUrl: ['The attached photo could not be found. Please attach it again.'] },
        },
        { status: 400 },
      );
    const user = renderForm();
    await user.upload(photoInput(), pngFile());
    await screen.findByText('Photo Uploaded');
    await fillValid(user);
    await user.click(submitButton());

    await notifications().findByText('Error submitting request');
    expect(form().getByText('The attached photo could not be found. Please attach it again.')).toBeInTheDocument();
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(fieldValues()).toEqual(valid);
  });

  it('removes an uploaded photo, which then is not sent', async () => {
    const user = renderForm();
    await user.upload(photoInput(), pngFile());
    await screen.findByText('Photo Uploaded');
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(screen.queryByText('✓ Photo attached')).not.toBeInTheDocument();

    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');
    expect(submittedBody()).not.toHaveProperty('photoUrl');
  });

  it('replaces the photo when another one is chosen', async () => {
    const user = renderForm();
    await user.upload(photoInput(), pngFile('first.png'));
    await screen.findByText('first.png');
    await user.upload(photoInput(), pngFile('second.png'));
    expect(await screen.findByText('second.png')).toBeInTheDocument();
    expect(screen.queryByText('first.png')).not.toBeInTheDocument();
    expect(callsTo('PUT', uploadURL)).toHaveLength(2);
  });
});

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
    expect(fieldValues()).toEqual({
      name: '',
      phone: '',
      email: '',
      projectType: '',
      city: '',
      budgetRange: '',
      message: '',
    });
    expect(readDraft()).toBeNull();
  });

  it('counts the fill time from when the draft was begun', async () => {
    saveDraft({ values: { name: valid.name } }, Date.now() - 60_000);
    const user = renderForm();
    await fillValid(user, { ...valid, name: '' });
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');
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
    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');
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
    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Quote request submitted!');
    const offer = within(confirmation()!).getByRole('link', { name: 'Pick a time for your free on-site estimate' });
    expect(offer).toHaveAttribute('href', visitUrl);
    expect(readSent()).toMatchObject({ visitUrl });
  });
});
