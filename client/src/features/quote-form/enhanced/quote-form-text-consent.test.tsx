// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServerEachTest, submittedBody } from './fake-quote-server';
import { sendValid, valid } from './quote-form-answers';
import { renderForm } from './render-quote-form';

fakeServerEachTest();

describe('QuoteForm, Text me about my request', () => {
  it('is an optional box left unticked, with the carriers’ line; unticked, nothing about texts is sent', async () => {
    const user = renderForm();
    const box = screen.getByRole('checkbox', { name: 'Text me about my request' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      /Message frequency varies\. Message and data rates may apply\. Reply STOP to opt out, HELP for help\./,
    );
    await sendValid(user);
    expect(submittedBody()).toStrictEqual({ ...valid });
  });

  it('ticked, sends textConsent: true beside the request', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Text me about my request' }));
    await sendValid(user);
    expect(submittedBody()).toStrictEqual({ ...valid, textConsent: true });
  });
});
