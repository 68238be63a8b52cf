/**
 * CSV as RFC 4180 has it (every field quoted, quotes doubled, CRLF line ends), UTF-8 with a byte
 * order mark so that Excel reads accents and symbols right; Google Sheets ignores the mark.
 */
const byteOrderMark = '\uFEFF';

/**
 * A cell that starts with = + - @ (or a tab or carriage return, which Excel skips before them)
 * would run as a formula in a spreadsheet (CSV injection): it gets a leading apostrophe, so it
 * shows as the text the visitor typed (OWASP's advice).
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${byteOrderMark}${lines.join('\r\n')}\r\n`;
}
