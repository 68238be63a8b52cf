import type { Request } from 'express';

/**
 * The origins this site is served under, from configuration only (SITE_URL, ALLOWED_ORIGINS, and
 * the server's own loopback address): "is this photo link ours?" and "where should the browser
 * upload?" are answered from this list, never from the Host header a client can set to anything.
 */
export interface SiteOrigins {
  /** SITE_URL's origin: what links in e-mails and upload URLs use by default. */
  primary: string;
  all: readonly string[];
}

export function siteOrigins(primary: string, extra: readonly string[] = []): SiteOrigins {
  const normalise = (value: string) => new URL(value).origin;
  const first = normalise(primary);
  return { primary: first, all: [...new Set([first, ...extra.map(normalise)])] };
}

/** The server's own addresses on `port`, for local use and health checks: not reachable by others. */
export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/**
 * The trusted origin a request was addressed to: the browser's Origin header, or the Host it
 * used, when that is one of ours; otherwise the primary origin. The answer is always one of the
 * configured origins, so a forged Host cannot point an upload URL elsewhere.
 */
export function trustedOriginFor(req: Request, origins: SiteOrigins): string {
  const candidates = [req.get('origin'), hostOrigin(req)];
  return candidates.find((origin) => origin !== undefined && origins.all.includes(origin)) ?? origins.primary;
}

function hostOrigin(req: Request): string | undefined {
  try {
    const origin = new URL(`${req.protocol}://${req.host ?? ''}`).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
