import { describe, expect, it } from 'vitest';
import {
  arizonaDateTime,
  arizonaLongDateTime,
  arizonaWrittenDay,
  arizonaWrittenTime,
  longDay,
  receivedAgo,
  unknownTime,
} from './arizona-time';

describe('Arizona time', () => {
  // 2026-07-04 14:05 in Arizona (UTC-7 all year, also in summer when Denver is UTC-6).
  const now = new Date('2026-07-04T21:05:00Z');
  const ago = (ms: number) => receivedAgo(new Date(now.getTime() - ms), now);
  const minute = 60_000;

  it('says how long ago, the way one would', () => {
    expect(ago(20_000)).toBe('just now');
    expect(ago(minute)).toBe('1 min ago');
    expect(ago(12 * minute)).toBe('12 min ago');
    expect(ago(59 * minute)).toBe('59 min ago');
    expect(ago(3 * 60 * minute)).toBe('3 h ago');
    expect(receivedAgo(new Date('2026-07-04T08:05:00Z'), now)).toBe('today, 1:05 AM');
    expect(receivedAgo(new Date('2026-07-04T06:30:00Z'), now)).toBe('yesterday, 11:30 PM');
    expect(receivedAgo(new Date('2026-06-20T17:00:00Z'), now)).toBe('Jun 20, 10:00 AM');
    expect(receivedAgo(new Date('2025-12-31T17:00:00Z'), now)).toBe('Dec 31, 2025, 10:00 AM');
  });

  it('prints dates in Arizona time, without daylight saving', () => {
    expect(arizonaDateTime(now)).toBe('2026-07-04 14:05');
    expect(arizonaDateTime(new Date('2026-01-04T21:05:00Z'))).toBe('2026-01-04 14:05');
    expect(arizonaLongDateTime(now)).toBe('Sat, Jul 4, 2026, 2:05 PM');
  });

  it('writes a homeowner the Arizona day and time of 8 PM there, when UTC is already the next day', () => {
    const evening = new Date('2026-12-04T03:05:37.118Z');
    expect(arizonaWrittenDay(evening)).toBe('December 3, 2026');
    expect(arizonaWrittenTime(evening)).toBe('December 3, 2026, 8:05 PM Arizona time');
    // A calendar day (Valid until) stays the day it names.
    expect(longDay('2027-01-02')).toBe('January 2, 2027');
  });

  it('reads a time that is not one as unknown instead of throwing', () => {
    for (const bad of [new Date(8_640_000_000_000_001), new Date(Number.NaN), new Date('not a date')]) {
      expect(arizonaDateTime(bad)).toBe(unknownTime);
      expect(arizonaLongDateTime(bad)).toBe(unknownTime);
      expect(arizonaWrittenDay(bad)).toBe(unknownTime);
      expect(arizonaWrittenTime(bad)).toBe(unknownTime);
      expect(receivedAgo(bad, now)).toBe(unknownTime);
    }
  });
});
