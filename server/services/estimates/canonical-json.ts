import { createHash } from 'node:crypto';

/**
 * RFC 8785 (JSON Canonicalization Scheme): object keys sorted by their UTF-16 code units, no
 * whitespace, numbers as ECMAScript prints them, strings as JSON.stringify escapes them, which is
 * what the RFC specifies for both. A dozen lines of our own rather than a dependency: the frozen
 * estimate holds only strings, integers, booleans, arrays and plain objects.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('RFC 8785 has no form for NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  throw new TypeError(`RFC 8785 has no form for ${typeof value}`);
}

/** The SHA-256 of the canonical form, hex. */
export const canonicalSha256 = (value: unknown) =>
  createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
