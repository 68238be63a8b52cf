import { expect } from 'vitest';
import { validQuote } from './http';

export type QuoteFields = Partial<Record<keyof typeof validQuote | 'photoUrl', string>> & Record<string, unknown>;

/**
 * Posts a valid quote request (`validQuote`, with `fields` over it) to `base` as the form sends it,
 * and expects it stored: its id and the homeowner's booking page.
 */
export async function sendQuote(base: string, fields: QuoteFields = {}, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api/quote-requests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ ...validQuote, ...fields }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; visitUrl: string };
}
