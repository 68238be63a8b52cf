import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine, icsCalendar } from './ics';

describe('icsCalendar', () => {
  const event = {
    uid: 'visit-1@example.com',
    sequence: 2,
    start: new Date('2026-12-08T15:00:00Z'),
    end: new Date('2026-12-08T16:30:00Z'),
    stamp: new Date('2026-12-01T12:00:00Z'),
    summary: 'Estimate: Dana; Smith, Deck\\Porch',
    description: `Line one\nLine two with a long tail ${'é'.repeat(80)}`,
    location: '12 Pine St, Payson',
  };

  it('writes CRLF lines of at most 75 octets that a calendar library reads back exactly', () => {
    const text = icsCalendar({ method: 'REQUEST', events: [event] });
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text).not.toMatch(/[^\r]\n/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const parsed = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(parsed.uid).toBe(event.uid);
    expect(parsed.sequence).toBe(2);
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-12-08T15:00:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-12-08T16:30:00.000Z');
    expect(parsed.summary).toBe(event.summary);
    expect(parsed.description).toBe(event.description);
    expect(parsed.location).toBe(event.location);
    expect(text).toContain('DTSTART:20261208T150000Z');
    expect(text).toContain('DTSTAMP:20261201T120000Z');
  });

  it('never folds inside a UTF-8 character', () => {
    const folded = foldLine(`DESCRIPTION:${'€'.repeat(60)}`);
    for (const line of folded.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\ufffd');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'€'.repeat(60)}`);
  });
});
