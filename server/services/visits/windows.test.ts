import { describe, expect, it } from 'vitest';
import { defaultVisitSettings } from '@shared/schemas/visits';
import { arizonaInstant, visitWindows } from './windows';

const iso = (date: Date) => date.toISOString();

describe('visitWindows', () => {
  it('keeps Arizona time across the dates other states change their clocks (no daylight saving)', () => {
    // Sunday, March 8, 2026: daylight saving starts elsewhere in the US.
    const now = new Date('2026-03-06T20:00:00-07:00');
    const windows = visitWindows({ ...defaultVisitSettings, horizonDays: 7 }, now, []);
    // Monday 9 to Friday 13: five windows a day, at the same UTC hours before and after March 8.
    expect(windows).toHaveLength(25);
    expect(iso(windows[0]!.start)).toBe('2026-03-09T15:00:00.000Z');
    const hours = new Set(windows.map((w) => iso(w.start).slice(11, 16)));
    expect([...hours]).toEqual(['15:00', '16:30', '18:00', '19:30', '21:00']);
  });

  it('cuts each day’s hours into windows that end by the close, with the owner’s length and hours', () => {
    const now = new Date('2026-12-06T00:00:00-07:00');
    const windows = visitWindows(
      { weekly: [{ day: 1, from: '07:00', to: '12:00' }], windowMinutes: 120, horizonDays: 2, noticeHours: 0 },
      now,
      [],
    );
    expect(windows.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2026-12-07T14:00:00.000Z', '2026-12-07T16:00:00.000Z'],
      ['2026-12-07T16:00:00.000Z', '2026-12-07T18:00:00.000Z'],
    ]);
  });

  it('leaves out windows that overlap a blocked span or a booked visit', () => {
    const now = new Date('2026-12-06T00:00:00-07:00');
    const settings = { ...defaultVisitSettings, horizonDays: 2, noticeHours: 0 };
    const all = visitWindows(settings, now, []);
    expect(all).toHaveLength(5);
    const blocked = [{ start: arizonaInstant('2026-12-07', '09:00'), end: arizonaInstant('2026-12-07', '10:00') }];
    const busy = [{ start: arizonaInstant('2026-12-07', '14:00'), end: arizonaInstant('2026-12-07', '15:30') }];
    const open = visitWindows(settings, now, blocked, busy);
    expect(open.map((w) => iso(w.start))).toEqual(['2026-12-07T18:00:00.000Z', '2026-12-07T19:30:00.000Z']);
  });
});
