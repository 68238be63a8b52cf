import { describe, expect, it } from 'vitest';
import { periodRange, spendMonths } from './owner-results';

describe('periodRange: the periods of the results page, in Arizona time', () => {
  // 2026-12-01 03:00 UTC is still November 30, 8 PM in Arizona (UTC-7 all year).
  const now = new Date('2026-12-01T03:00:00Z');

  it('this month runs from the first of the Arizona month to the end of today', () => {
    expect(periodRange('this-month', now)).toEqual({
      start: new Date('2026-11-01T07:00:00Z'),
      end: new Date('2026-12-01T07:00:00Z'),
      firstDay: '2026-11-01',
      lastDay: '2026-11-30',
      endDay: '2026-12-01',
    });
  });

  it('last month is the whole month before', () => {
    expect(periodRange('last-month', now)).toMatchObject({
      start: new Date('2026-10-01T07:00:00Z'),
      end: new Date('2026-11-01T07:00:00Z'),
      firstDay: '2026-10-01',
      lastDay: '2026-10-31',
    });
    // January's last month is last year's December.
    expect(periodRange('last-month', new Date('2027-01-15T12:00:00Z'))).toMatchObject({
      firstDay: '2026-12-01',
      lastDay: '2026-12-31',
    });
  });

  it('90 days and a year end today and count today as their last day', () => {
    expect(periodRange('90-days', now)).toMatchObject({ firstDay: '2026-09-02', lastDay: '2026-11-30' });
    expect(periodRange('year', now)).toMatchObject({ firstDay: '2025-12-01', lastDay: '2026-11-30' });
  });
});

describe('spendMonths: how much of each month’s spend a period counts', () => {
  // November 26, 2026, noon in Arizona.
  const now = new Date('2026-11-26T19:00:00Z');

  it('counts this month and last month whole, however far the month has gone', () => {
    expect(spendMonths('this-month', now)).toEqual([{ month: '2026-11', share: 1 }]);
    expect(spendMonths('last-month', now)).toEqual([{ month: '2026-10', share: 1 }]);
    // The first of the month in Arizona, while it is already the 2nd in UTC.
    expect(spendMonths('this-month', new Date('2026-12-02T03:00:00Z'))).toEqual([{ month: '2026-12', share: 1 }]);
  });

  it('counts the first and last months of 90 days and 12 months in proportion to their days', () => {
    expect(spendMonths('90-days', now)).toEqual([
      { month: '2026-08', share: 3 / 31 },
      { month: '2026-09', share: 1 },
      { month: '2026-10', share: 1 },
      { month: '2026-11', share: 26 / 30 },
    ]);
    const year = spendMonths('year', now);
    expect(year).toHaveLength(13);
    expect(year[0]).toEqual({ month: '2025-11', share: 4 / 30 });
    expect(year.slice(1, 12).every((month) => month.share === 1)).toBe(true);
    expect(year[12]).toEqual({ month: '2026-11', share: 26 / 30 });
    // Over a leap day: February 2028 has 29 days.
    expect(spendMonths('90-days', new Date('2028-03-10T19:00:00Z'))[0]).toEqual({ month: '2027-12', share: 20 / 31 });
  });
});
