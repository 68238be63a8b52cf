import { describe, expect, it } from 'vitest';
import { defaultVisitSettings } from './schemas/visits';
import { arizonaDateTimeInput, ownerVisitWarning, ownerVisitWarnings } from './visit-hours';

const at = (iso: string) => new Date(iso);

describe('the time the owner picks for a visit', () => {
  it('reads the day and start he typed as Arizona time, and nothing that is not a date', () => {
    expect(arizonaDateTimeInput('2026-12-08', '09:30')?.toISOString()).toBe('2026-12-08T16:30:00.000Z');
    expect(arizonaDateTimeInput('2026-02-30', '09:30')).toBeNull();
    expect(arizonaDateTimeInput('', '09:30')).toBeNull();
    expect(arizonaDateTimeInput('2026-12-08', '24:00')).toBeNull();
  });

  it('warns outside his hours and on a day off, never inside his hours', () => {
    const { weekly } = defaultVisitSettings;
    const visit = (start: string, minutes = 90) =>
      [at(start), new Date(at(start).getTime() + minutes * 60_000)] as const;
    // Tuesday 8:00–9:30 and 14:30–16:00: inside Monday-to-Friday 8:00–16:00.
    expect(ownerVisitWarning({ weekly }, [], ...visit('2026-12-08T08:00:00-07:00'))).toBeNull();
    expect(ownerVisitWarning({ weekly }, [], ...visit('2026-12-08T14:30:00-07:00'))).toBeNull();
    // Ends after 16:00; before 8:00; a Saturday; past midnight.
    expect(ownerVisitWarning({ weekly }, [], ...visit('2026-12-08T15:00:00-07:00'))).toBe(
      ownerVisitWarnings.outsideHours,
    );
    expect(ownerVisitWarning({ weekly }, [], ...visit('2026-12-08T07:00:00-07:00'))).toBe(
      ownerVisitWarnings.outsideHours,
    );
    expect(ownerVisitWarning({ weekly }, [], ...visit('2026-12-12T10:00:00-07:00'))).toBe(
      ownerVisitWarnings.outsideHours,
    );
    expect(
      ownerVisitWarning(
        { weekly: [{ day: 2, from: '00:00', to: '23:59' }] },
        [],
        ...visit('2026-12-08T23:00:00-07:00'),
      ),
    ).toBe(ownerVisitWarnings.outsideHours);
    const dayOff = { start: '2026-12-09T00:00:00-07:00', end: '2026-12-10T00:00:00-07:00', note: 'Dentist' };
    expect(ownerVisitWarning({ weekly }, [dayOff], ...visit('2026-12-09T09:00:00-07:00'))).toBe(
      ownerVisitWarnings.dayOff('Dentist'),
    );
    expect(ownerVisitWarning({ weekly }, [dayOff], ...visit('2026-12-10T09:00:00-07:00'))).toBeNull();
  });
});
