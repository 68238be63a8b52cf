// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { LazyQuoteForm } from './lazy-quote-form';
import { PlainFormStateContext } from './plain-quote-form';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
});

const enhancedForm = () => document.querySelector('form[data-enhanced]');

describe('LazyQuoteForm', () => {
  it('serves a plain form that posts every field and the photo to the server', () => {
    const html = renderToString(<LazyQuoteForm id="quote-form" headingId="quote-title" headingLevel={3} />);
    document.body.innerHTML = html;
    expect(html).toContain('<h3 id="quote-title"');
    const form = document.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/contact#quote-form');
    expect(form.getAttribute('enctype')).toBe('multipart/form-data');
    expect(screen.getByRole('form', { name: 'Request a Free Quote' })).toBe(form);
    for (const [label, name] of [
      ['Name', 'name'],
      ['Phone', 'phone'],
      ['Email', 'email'],
      ['Project Type', 'projectType'],
      ['City', 'city'],
      ['Budget Range', 'budgetRange'],
      ['Message', 'message'],
    ] as const) {
      expect(screen.getByLabelText(label)).toHaveAttribute('name', name);
    }
    expect(screen.getByLabelText('Photo')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Photo')).toHaveAttribute('name', 'photo');
    expect(screen.getByRole('button', { name: 'Request Free Quote' })).toHaveAttribute('type', 'submit');
  });

  it("shows the server's answer: the values kept, each message beside its field", () => {
    const html = renderToString(
      <PlainFormStateContext
        value={{
          values: { name: 'J', city: 'Payson', projectType: 'Deck' },
          fieldErrors: { name: 'Name must be at least 2 characters' },
        }}
      >
        <LazyQuoteForm />
      </PlainFormStateContext>,
    );
    document.body.innerHTML = html;
    expect(screen.getByLabelText('Name')).toHaveValue('J');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(screen.getByLabelText('City')).toHaveValue('Payson');
    expect(screen.getByLabelText('Project Type')).toHaveValue('Deck');
  });

  it('loads the form in the browser, which takes over what was typed and the focus', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LazyQuoteForm headingLevel={3} />);
    document.body.append(container);
    // Typed before the page's scripts ran.
    (screen.getByLabelText('Name') as HTMLInputElement).value = 'Jamie Rivera';
    const city = screen.getByLabelText('City') as HTMLInputElement;
    city.value = 'Pay';
    (screen.getByRole('checkbox', { name: 'Text me about my request' }) as HTMLInputElement).checked = true;
    city.focus();

    await act(async () => {
      hydrateRoot(
        container,
        <QueryClientProvider client={createQueryClient()}>
          <LazyQuoteForm headingLevel={3} />
        </QueryClientProvider>,
      );
    });
    await expect.poll(enhancedForm, { timeout: 5000 }).not.toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('Jamie Rivera');
    expect(screen.getByLabelText('City')).toHaveValue('Pay');
    expect(screen.getByLabelText('City')).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'Text me about my request' })).toBeChecked();
    expect(screen.getAllByRole('heading', { name: 'Request a Free Quote' })).toHaveLength(1);
    expect(enhancedForm()).not.toHaveAttribute('method');
  });

  it('renders the form straight away when the page is not hydrated from HTML', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LazyQuoteForm headingLevel={3} />
      </QueryClientProvider>,
    );
    await expect.poll(enhancedForm, { timeout: 5000 }).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Request Free Quote' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear form' })).toBeInTheDocument();
  });
});
