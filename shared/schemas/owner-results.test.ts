import { describe, expect, it } from 'vitest';
import { periodRange } from './owner-results';

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
