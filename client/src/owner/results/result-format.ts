import { dollars } from '../app/formats';

/** How the results page writes its figures. */

export const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

/** "45 min", "3.5 h", "2.1 days": the median time to a first answer. */
export function answerTime(hours: number | null): string {
  if (hours === null) return '–';
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

/** Return on spend as the API has it, two decimals: `19.67`; `–` without spend. */
export const returnText = (value: number | null) => (value === null ? '–' : value.toFixed(2));

/** What the won jobs brought: `$11,800`; `value not entered` when none of them has a job value. */
export function wonValueText(row: { won: number; wonValue: number; wonWithoutValue: number }): string {
  return row.won > 0 && row.wonWithoutValue === row.won ? 'value not entered' : dollars(row.wonValue);
}

/** `1 won job without a value` beside a sum that leaves some out; empty when none is left out. */
export function missingValuesText(row: { won: number; wonWithoutValue: number }): string {
  if (row.wonWithoutValue === 0 || row.wonWithoutValue === row.won) return '';
  return `${row.wonWithoutValue} won ${row.wonWithoutValue === 1 ? 'job' : 'jobs'}: value not entered`;
}
