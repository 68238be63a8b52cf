import { describe, expect, it } from 'vitest';
import { csvRecords as parseCsv } from '../../test/csv';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  it('starts with a UTF-8 byte order mark and ends every record with CRLF', () => {
    const csv = toCsv(['Name', 'City'], [['Zoë', 'Payson']]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv).toBe('\uFEFF"Name","City"\r\n"Zoë","Payson"\r\n');
  });

  it('keeps commas, quotes and line breaks inside one cell', () => {
    const message = 'Deck, 12 x 16 "ish"\nStairs on the left\r\nThanks';
    const csv = toCsv(['Message', 'Empty'], [[message, null]]);
    expect(parseCsv(csv.slice(1))).toEqual([
      ['Message', 'Empty'],
      [message, ''],
    ]);
  });

  it.each(['=HYPERLINK("http://evil.example","click")', '+1 928 555 0100', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1'])(
    'neutralises a formula: %j',
    (value) => {
      const cell = csvCell(value);
      expect(cell.startsWith(`"'`)).toBe(true);
      expect(parseCsv(`${cell}\r\n`)[0]![0]).toBe(`'${value}`);
    },
  );

  it('leaves ordinary text alone', () => {
    for (const value of ['Jane Doe', '(928) 555-0100', '$10,000 - $25,000', 'a=b', 'x@example.com'])
      expect(parseCsv(`${csvCell(value)}\r\n`)[0]![0]).toBe(value);
  });
});
