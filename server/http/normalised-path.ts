import path from 'node:path';

/**
 * The path as a server could read it: %-escapes of ASCII undone (twice-escaped too), backslashes
 * as slashes, repeated slashes and dot segments resolved. Only what routing could match matters,
 * so non-ASCII escapes are left as they are (tokens and route names are ASCII).
 */
export function normalisedPath(pathname: string): string {
  let decoded = pathname;
  for (let i = 0; i < 5; i++) {
    const next = decoded.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
  }
  return path.posix.normalize(`/${decoded.replace(/\\/g, '/')}`);
}
