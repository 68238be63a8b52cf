/**
 * A path on this site made from a path a visitor sent, for a redirect's Location: the leading run
 * of slashes and backslashes becomes one `/`, because browsers read `//host`, `/\host` and `\\host`
 * as another site. Give it the path as it arrived (still percent-encoded): decoding first would
 * turn `/%2Fevil.example` into `//evil.example`.
 */
export function sameSitePath(path: string): string {
  return `/${path.replace(/^[/\\]+/, '')}`;
}
