import { describe, expect, it } from 'vitest';
import { parseDollars, ratio, spendEntrySchema } from './owner-money';

describe('parseDollars: an amount as the owner types it on his phone', () => {
  it('takes whole dollars written any usual way, and rounds cents', () => {
    for (const [typed, value] of [
      ['12500', 12_500],
      ['$12,500', 12_500],
      [' 12 500 ', 12_500],
      ['12500.49', 12_500],
      ['12499.5', 12_500],
      ['.6', 1],
      ['0', 0],
      ['10000000', 10_000_000],
    ] as const) {
      expect(parseDollars(typed, 'The job value'), typed).toEqual({ ok: true, value });
    }
  });

  it('clears the amount when the field is emptied', () => {
    expect(parseDollars('', 'The job value')).toEqual({ ok: true, value: null });
    expect(parseDollars(' $ ', 'The job value')).toEqual({ ok: true, value: null });
  });

  it('refuses nonsense in the API’s own words', () => {
    expect(parseDollars('-5', 'The estimate amount')).toEqual({
      ok: false,
      problem: 'The estimate amount cannot be negative.',
    });
    expect(parseDollars('12k', 'The estimate amount')).toEqual({
      ok: false,
      problem: 'The estimate amount must be a number of dollars, such as 12500.',
    });
    expect(parseDollars('10000001', 'The job value')).toEqual({
      ok: false,
      problem: 'The job value can be at most $10,000,000.',
    });
  });
});

describe('the spend entry', () => {
  it('takes a month, a source and whole dollars', () => {
    expect(spendEntrySchema.parse({ month: '2026-11', source: ' Google Ads ', amount: 600.2 })).toEqual({
      month: '2026-11',
      source: 'Google Ads',
      amount: 600,
    });
    for (const month of ['2026-1', '2026-00', '2026-13', '26-11', '1999-12', 202611])
      expect(spendEntrySchema.safeParse({ month, source: 'Google Ads', amount: 1 }).success, String(month)).toBe(false);
  });
});

describe('ratio', () => {
  it('is two decimals, and null rather than a division by zero', () => {
    expect(ratio(11_800, 600)).toBe(19.67);
    expect(ratio(150, 1)).toBe(150);
    expect(ratio(0, 150)).toBe(0);
    expect(ratio(600, 0)).toBeNull();
  });
});
