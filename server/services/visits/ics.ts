/**
 * A small iCalendar (RFC 5545) writer for the visit invitation and the owner's calendar feed:
 * CRLF line ends, lines folded at 75 octets (never inside a UTF-8 character), TEXT values
 * escaped, times in UTC. Enough for Google Calendar, Apple Calendar and Outlook; no library
 * needed for one kind of event.
 */
export interface IcsEvent {
  uid: string;
  /** Counts the changes of the event, so a calendar replaces its earlier copy (RFC 5545 3.8.7.4). */
  sequence: number;
  start: Date;
  end: Date;
  /** When this copy was made. */
  stamp: Date;
  summary: string;
  description?: string;
  location?: string;
  status?: 'CONFIRMED' | 'CANCELLED';
  url?: string;
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
}

export interface IcsCalendar {
  /** REQUEST: an invitation to add; CANCEL: take it away; none: a subscribed feed. */
  method?: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  name?: string;
  events: readonly IcsEvent[];
}

/** `20260504T150000Z`. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma and new lines. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line folded at 75 octets: CRLF and a space before each continuation (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function icsCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rim Country Carpentry//Estimate visits//EN',
    'CALSCALE:GREGORIAN',
    ...(calendar.method ? [`METHOD:${calendar.method}`] : []),
    ...(calendar.name ? [`X-WR-CALNAME:${icsText(calendar.name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H'] : []),
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${icsUtc(event.stamp)}`,
      `DTSTART:${icsUtc(event.start)}`,
      `DTEND:${icsUtc(event.end)}`,
      `SUMMARY:${icsText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
      ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      ...(event.organizer ? [`ORGANIZER;CN=${quoteParam(event.organizer.name)}:mailto:${event.organizer.email}`] : []),
      ...(event.attendee
        ? [
            `ATTENDEE;CN=${quoteParam(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${event.attendee.email}`,
          ]
        : []),
      `STATUS:${event.status ?? 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A parameter value: quoted, without the characters a quoted value cannot hold. */
function quoteParam(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`;
}
