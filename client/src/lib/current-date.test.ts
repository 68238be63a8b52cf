import { describe, expect, it } from 'vitest';
import { formatLongDate, isoDate } from './current-date';

const days = [new Date(2026, 0, 1), new Date(2026, 8, 9), new Date(2027, 11, 31), new Date(2028, 1, 29, 23, 59)];

describe('dates without Intl', () => {
  it('writes the local date as YYYY-MM-DD, as en-CA formatting does', () => {
    for (const day of days) expect(isoDate(day)).toBe(day.toLocaleDateString('en-CA'));
  });

  it('writes a long US date, as en-US formatting does', () => {
    for (const day of days) {
      expect(formatLongDate(isoDate(day))).toBe(
        day.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
      );
    }
    expect(formatLongDate('2026-11-24')).toBe('November 24, 2026');
  });
});
