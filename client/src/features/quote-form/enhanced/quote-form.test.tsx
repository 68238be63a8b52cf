// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { budgetRanges, projectTypes } from '@shared/schemas/quote-request';
import { createQueryClient } from '@/lib/query-client';
import { useToast } from '@/lib/use-toast';
import { QuoteForm } from './quote-form';
import { deferred, fakeServerEachTest, fetchMock, handlers, submitCalls, submittedBody } from './fake-quote-server';
import { emptyValues, fieldValues, fillValid, sendValid, valid } from './quote-form-answers';
import { form, notifications, photoInput, renderForm, submitButton } from './render-quote-form';

// The full quote form: its fields, their validation, and sending the request (what is sent, the
// answers and failures shown). The photo is tested in quote-form-photo.test.tsx, what the form
// keeps on the device in quote-form-saved.test.tsx.

fakeServerEachTest();

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
    expect(fieldValues()).toEqual(emptyValues);
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
    await sendValid(user);

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
    await sendValid(user, { ...valid, name: '  Jamie Rivera ', message: undefined });
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
    await sendValid(user);
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
