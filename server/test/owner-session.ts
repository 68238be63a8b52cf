import { beforeAll, expect } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { quickPasswordHash, setupTimeout } from './http';

/** The owner's password in the tests that sign him in. */
export const ownerPassword = 'juniper ridge 2026';
export const jsonHeaders = { 'Content-Type': 'application/json' };

/** Signs in at `base` with a password already set: the Cookie header to send (`name=value`). */
export async function ownerCookie(
  base: string,
  { password = ownerPassword, headers = {} }: { password?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const response = await fetch(`${base}/api/owner/session`, {
    method: 'POST',
    headers: { ...jsonHeaders, Origin: base, ...headers },
    body: JSON.stringify({ password }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Sets the owner's password on `database` (quickly hashed: quickPasswordHash), then signs in at `base`. */
export async function signInOwner(
  database: Pick<DatabaseHandle, 'transaction'>,
  base: string,
  password = ownerPassword,
): Promise<string> {
  await setOwnerPassword(database.transaction, password, quickPasswordHash);
  return ownerCookie(base, { password });
}

/**
 * Sets the owner's password in the Postgres database of server processes, as a site that is set up
 * has one (without it each start makes a set-up link, e-mailed once mail works).
 */
export async function giveOwnerPasswordOnPostgres(databaseUrl: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir: null });
  try {
    await setOwnerPassword(handle.transaction, ownerPassword, quickPasswordHash);
  } finally {
    await handle.close();
  }
}

/** Sets the owner's password in the Postgres database of server processes, then signs in at `base`. */
export async function signInOwnerOnPostgres(databaseUrl: string, base: string): Promise<string> {
  await giveOwnerPasswordOnPostgres(databaseUrl);
  return ownerCookie(base);
}

export interface OwnerCall extends RequestInit {
  /** false: without the cookie, as a stranger. */
  signedIn?: boolean;
  /** The Origin header; the site's own by default. */
  origin?: string;
}

/**
 * `/api/owner<path>` at `base` with `cookie` and the site's own Origin; a string body goes as JSON
 * unless `init.headers` says otherwise.
 */
export function callAsOwner(base: string, cookie: string, path: string, init: OwnerCall = {}) {
  const { signedIn, origin, ...request } = init;
  return fetch(`${base}/api/owner${path}`, {
    ...request,
    headers: {
      ...(signedIn === false || !cookie ? {} : { Cookie: cookie }),
      ...(typeof request.body === 'string' ? jsonHeaders : {}),
      Origin: origin ?? base,
      ...(request.headers as Record<string, string> | undefined),
    },
  });
}

/**
 * The owner signed in on `site` (a served app) before the tests: call it inside the describe block,
 * after serveTestApp. `call` reaches the first server, or `base`.
 */
export function signedInOwner(site: { database: Pick<DatabaseHandle, 'transaction'>; base: string }) {
  let cookie = '';
  beforeAll(async () => {
    cookie = await signInOwner(site.database, site.base);
  }, setupTimeout);
  return {
    call: (path: string, init: OwnerCall & { base?: string } = {}) => {
      const { base = site.base, ...request } = init;
      return callAsOwner(base, cookie, path, request);
    },
    /** The Cookie header (`name=value`), once signed in. */
    cookie: () => cookie,
  };
}
