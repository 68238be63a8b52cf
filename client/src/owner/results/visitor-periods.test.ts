import { describe, expect, it } from 'vitest';
import { visitorDays } from './visitor-periods';

// Thursday December 3, 2026 at 8:04 PM in Arizona: already Friday the 4th in UTC.
const thursdayEvening = new Date('2026-12-04T03:04:00.000Z');

describe('visitorDays: the Arizona days of a period', () => {
  it('reads this week from its Monday, the last 30 days with today, a month up to today, a range either way round', () => {
    expect(visitorDays({ kind: 'week' }, thursdayEvening)).toEqual({ from: '2026-11-30', to: '2026-12-03' });
    expect(visitorDays({ kind: '30-days' }, thursdayEvening)).toEqual({ from: '2026-11-04', to: '2026-12-03' });
    expect(visitorDays({ kind: 'month', month: '2026-12' }, thursdayEvening)).toEqual({
      from: '2026-12-01',
      to: '2026-12-03',
    });
    expect(visitorDays({ kind: 'month', month: '2026-02' }, thursdayEvening)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(visitorDays({ kind: 'range', from: '2026-11-20', to: '2026-11-10' }, thursdayEvening)).toEqual({
      from: '2026-11-10',
      to: '2026-11-20',
    });
  });

  it('keeps a range to the 366 days before its last day', () => {
    expect(visitorDays({ kind: 'range', from: '2024-01-01', to: '2026-12-03' }, thursdayEvening)).toEqual({
      from: '2025-12-03',
      to: '2026-12-03',
    });
  });

  it('starts a week seen on a Sunday from the Monday before', () => {
    expect(visitorDays({ kind: 'week' }, new Date('2026-12-06T18:00:00.000Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-12-06',
    });
  });
});
