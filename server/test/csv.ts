/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF), to prove what a spreadsheet gets back. */
export function csvRecords(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** Reads the inbox's CSV export (RFC 4180, every field quoted, CRLF, a byte order mark) into rows by header. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = csvRecords(text.replace(/^\uFEFF/, ''));
  return lines.map((line) => Object.fromEntries((header ?? []).map((name, index) => [name, line[index] ?? ''])));
}

/** A column's numbers added up (an empty cell is nothing). */
export const csvColumnSum = (rows: Record<string, string>[], column: string) =>
  rows.reduce((total, row) => total + (row[column] ? Number(row[column]) : 0), 0);
