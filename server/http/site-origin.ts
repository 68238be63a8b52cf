import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultSiteUrl } from '@shared/site';

/**
 * The origin the build made its pages for (SITE_URL at `npm run build`, else the placeholder),
 * written beside dist/client so the server can tell whether its own SITE_URL is another.
 */
export const buildOriginFile = 'site-origin.json';

/** The origin in `distDir`'s site-origin.json; a build without one was made for the placeholder. */
export function readBuildOrigin(distDir: string): string {
  try {
    const { origin } = JSON.parse(readFileSync(path.join(distDir, buildOriginFile), 'utf8')) as { origin?: unknown };
    return typeof origin === 'string' ? new URL(origin).origin : defaultSiteUrl;
  } catch {
    return defaultSiteUrl;
  }
}

/**
 * The build's origin replaced by the server's SITE_URL in what the build (or the SSR bundle it
 * made) wrote: canonical links, share tags, JSON-LD, the sitemap, robots.txt and the router's code.
 * The build writes the origin as it is, never escaped or percent-encoded (the share links are
 * made in the browser), so one plain replacement finds every occurrence.
 */
export interface OriginRewrite {
  from: string;
  to: string;
  text(text: string): string;
  /** `bytes` with the origin replaced; the same Buffer when it has none. */
  bytes(bytes: Buffer): Buffer;
}

/** The rewrite from the build's origin to SITE_URL's; undefined when they are the same (the build serves as it is). */
export function originRewrite(from: string, to: string): OriginRewrite | undefined {
  if (from === to) return undefined;
  const fromBytes = Buffer.from(from);
  return {
    from,
    to,
    text: (text) => text.replaceAll(from, to),
    bytes: (bytes) => (bytes.includes(fromBytes) ? Buffer.from(bytes.toString('utf8').replaceAll(from, to)) : bytes),
  };
}
