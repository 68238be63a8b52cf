import type { Application } from 'express';
import { appRoutes } from './app-routes';
import { normalisedPath } from './normalised-path';
import { resetPageRoute, setupPageRoute } from './owner-page';

/**
 * Paths that carry a bearer token: whoever holds the address can approve an estimate, move a visit,
 * leave a review, read the owner's calendar or set his password. The request log and the error
 * handler must never write such a token, however the path is spelt.
 *
 * The rule: a route parameter named `token` is a bearer token. The routes are read from the app's
 * own router (every `/…/:token…` registered on it), so a new token route is hidden without anyone
 * listing it here; the reset and set-up pages are the ones the owner's app routes in the browser
 * (not Express routes), so they are added by name.
 */
export const tokenParam = 'token';

/** The route patterns of `app` whose path has a `:token` parameter, with their mount paths. */
export function tokenRoutesOf(app: Application): string[] {
  const found = appRoutes(app).map((route) => route.path);
  return [...new Set([...found.filter(hasTokenParam), resetPageRoute, setupPageRoute])];
}

const paramPattern = /:([A-Za-z_$][\w$]*)/g;
const hasTokenParam = (route: string) => [...route.matchAll(paramPattern)].some((m) => m[1] === tokenParam);

interface TokenMatcher {
  pattern: RegExp;
  /** The capture groups (1-based) that hold a token. */
  tokenGroups: number[];
}

/**
 * A route as a prefix matcher of normalised paths: its literal segments in any case (Express routes
 * ignore case), a segment with a parameter as any one segment (the whole segment is hidden, so
 * `<token>.ics` and a token without its `.ics` alike), and anything after it (`/pdf`, a slash).
 */
function matcherOf(route: string): TokenMatcher {
  const tokenGroups: number[] = [];
  let group = 0;
  const segments = route.split('/').map((segment) => {
    const params = [...segment.matchAll(paramPattern)];
    if (params.length === 0) return escapeRegExp(segment);
    group += 1;
    if (params.some((m) => m[1] === tokenParam)) tokenGroups.push(group);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${segments.join('/')}(?=/|$)`, 'id'), tokenGroups };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Hides the token of every token route in a path: `(pathname) => pathname as it may be logged`. */
export function tokenRedactor(routes: readonly string[]): (pathname: string) => string {
  const matchers = routes.map(matcherOf);
  return (pathname) => {
    const normal = normalisedPath(pathname);
    for (const { pattern, tokenGroups } of matchers) {
      const match = pattern.exec(normal);
      if (!match?.indices) continue;
      let redacted = normal;
      // From the last group back, so the earlier positions still hold.
      for (const group of [...tokenGroups].reverse()) {
        const [start, end] = match.indices[group]!;
        redacted = `${redacted.slice(0, start)}…${redacted.slice(end)}`;
      }
      return redacted;
    }
    return pathname;
  };
}
