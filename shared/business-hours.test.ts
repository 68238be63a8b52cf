import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  BusinessHoursError,
  defaultBusinessHours,
  isBusinessTime,
  parseBusinessHours,
} from './business-hours';

/** Arizona wall-clock time (UTC-7, no daylight saving) as a Date. */
const az = (local: string) => new Date(`${local}-07:00`);

describe('business time (Monday to Friday, 7 am to 5 pm, Arizona)', () => {
  it('adds minutes within one working day', () => {
    expect(addBusinessMinutes(az('2026-11-25T09:15'), 60, defaultBusinessHours)).toEqual(az('2026-11-25T10:15'));
  });

  it('carries a request from Friday evening over the weekend', () => {
    const fridayEvening = az('2026-11-27T18:00');
    expect(addBusinessMinutes(fridayEvening, 60, defaultBusinessHours)).toEqual(az('2026-11-30T08:00'));
    // Monday's and Tuesday's ten hours make twenty: Tuesday's closing is Wednesday's opening.
    expect(addBusinessMinutes(fridayEvening, 1200, defaultBusinessHours)).toEqual(az('2026-12-02T07:00'));
  });

  it('counts what is left of the day, then goes on the next morning', () => {
    expect(addBusinessMinutes(az('2026-11-25T16:30'), 60, defaultBusinessHours)).toEqual(az('2026-11-26T07:30'));
    expect(addBusinessMinutes(az('2026-11-25T16:00'), 60, defaultBusinessHours)).toEqual(az('2026-11-26T07:00'));
    expect(addBusinessMinutes(az('2026-11-25T05:00'), 60, defaultBusinessHours)).toEqual(az('2026-11-25T08:00'));
  });

  it('knows when the business is open', () => {
    expect(isBusinessTime(az('2026-11-27T16:59'), defaultBusinessHours)).toBe(true);
    expect(isBusinessTime(az('2026-11-27T17:00'), defaultBusinessHours)).toBe(false);
    expect(isBusinessTime(az('2026-11-28T10:00'), defaultBusinessHours)).toBe(false);
    expect(isBusinessTime(az('2026-11-30T07:00'), defaultBusinessHours)).toBe(true);
  });

  it('reads other hours, and 24/7', () => {
    const withSaturday = parseBusinessHours('Mo-Fr 07:00-17:00; Sa 08:00-12:00');
    expect(addBusinessMinutes(az('2026-11-27T18:00'), 60, withSaturday)).toEqual(az('2026-11-28T09:00'));
    const always = parseBusinessHours('24/7');
    expect(isBusinessTime(az('2026-11-29T03:00'), always)).toBe(true);
    expect(addBusinessMinutes(az('2026-11-27T18:00'), 60, always)).toEqual(az('2026-11-27T19:00'));
  });

  it('refuses what it cannot read, saying how to write it', () => {
    expect(() => parseBusinessHours('weekdays 7-5')).toThrow(BusinessHoursError);
    expect(() => parseBusinessHours('Mo-Fr 17:00-07:00')).toThrow(/range within one day/);
    expect(() => parseBusinessHours('Mo-Xy 07:00-17:00')).toThrow(/days are/);
  });
});
