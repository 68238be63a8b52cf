import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetPageRoute } from './http/owner-page';
import { tokenRoutesOf } from './http/token-paths';
import { serveTestApp } from './test/app-fixture';
import { testDatabases } from './test/databases';
import { setupTimeout } from './test/http';
import { capturingLogger } from './test/log';

/**
 * The probe's finding 5: the request log wrote the estimate, visit, review and calendar links in
 * full, and a reset link in another spelling (`/owner/%72eset/…`). Every token route of the app,
 * as its router defines them, in every spelling a server or a proxy could be sent, through the
 * real logger: no line holds the token. (The log does not depend on the database: PGlite only.)
 */
const log = capturingLogger();

/** A GET sent as it is written: fetch would tidy the path (dot segments, backslashes). */
function rawGet(base: string, path: string, requestId: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = request({ hostname, port, path, headers: { 'X-Request-Id': requestId } }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The route's path with `token` in its token segment and a UUID for any other parameter. */
const filled = (route: string, token: string) =>
  route.replace(/:(\w+)/g, (_, name: string) => (name === 'token' ? token : randomUUID()));

/** The route filled with `value`, in spellings that route, or could route, to the same place. */
function spellings(route: string, value: string): string[] {
  const path = filled(route, value);
  const [, first = '', ...rest] = path.split('/');
  const escapeFirstLetter = (text: string) => `%${text.charCodeAt(0).toString(16)}${text.slice(1)}`;
  const tail = rest.join('/');
  return [
    path,
    filled(
      route.replace(/\/([^/:]+)/g, (_, literal: string) => `/${literal.toUpperCase()}`),
      value,
    ),
    `/${escapeFirstLetter(first)}/${tail}`,
    `/${first}/${rest.map((segment) => (segment.startsWith('%') ? segment : escapeFirstLetter(segment))).join('/')}`,
    `/%25${first.charCodeAt(0).toString(16)}${first.slice(1)}/${tail}`,
    `//${first}//${rest.join('//')}`,
    `${path}/`,
    `${path}//`,
    `/${first}%2F${tail.replace(/\//g, '%2f')}`,
    `/${first}\\${rest.join('\\')}`,
    `/elsewhere/../${first}/./${tail}`,
    `${path}/pdf`,
  ];
}

describe('the request log with every token route', () => {
  const app = serveTestApp(testDatabases[0]!, {
    label: 'probe-tokens',
    apps: [
      {
        logger: log.logger,
        logRequests: true,
        // What the site does not route fails here: the error handler logs its path too.
        site: (_req, _res, next) => next(new Error('the site failed')),
      },
    ],
  });
  let routes: string[];

  beforeAll(() => {
    routes = tokenRoutesOf(app.servers[0]!.app);
  }, setupTimeout);

  /** The log lines of the request sent with `requestId`. */
  const linesOf = (requestId: string) =>
    log.lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string; path?: string })
      .filter((line) => line.reqId === requestId);

  it('reads the token routes from the app: the estimate, visit, review, calendar and reset links', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        '/api/visits/:token',
        '/api/visits/:token/slots',
        '/api/calendar/:token',
        '/estimate/:token',
        '/estimate/:token/pdf',
        '/estimate/:token/approve',
        '/visit/:token',
        '/visit/:token/cancel',
        '/r/:token',
        '/review/:token',
        '/review/:token/unsubscribe',
        '/owner/reset/:token',
      ]),
    );
  });

  it('never logs a token, however the path is spelt', async () => {
    for (const route of routes) {
      const token = randomBytes(32).toString('base64url');
      // The calendar's token is the file name's first part, as the feed's address has it.
      const value = route.startsWith('/api/calendar/') ? `${token}.ics` : token;
      for (const path of spellings(route, value)) {
        const requestId = `probe-${randomUUID()}`;
        await rawGet(app.base, path, requestId);
        const lines = linesOf(requestId);
        expect(
          lines.map((line) => line.msg),
          path,
        ).toContain('request');
        for (const line of lines) {
          // Neither the token nor its tail (a first letter written %XX leaves the rest).
          expect(JSON.stringify(line), path).not.toContain(token.slice(1));
        }
        expect(lines.find((line) => line.msg === 'request')?.path, path).toContain('…');
      }
    }
  });

  it('hides the token where the error handler logs a failure', async () => {
    const token = randomBytes(32).toString('base64url');
    const requestId = `probe-${randomUUID()}`;
    expect(await rawGet(app.base, `/estimate/${token}/nothing-here`, requestId)).toBe(500);
    const failure = linesOf(requestId).find((line) => line.msg === 'unhandled error');
    expect(failure?.path).toBe('/estimate/…/nothing-here');
    expect(log.lines.join('\n')).not.toContain(token);
  });

  it('keeps the reset page’s token from other sites in every spelling of its address', async () => {
    const token = randomBytes(32).toString('base64url');
    for (const path of spellings(resetPageRoute, token)) {
      const page = await fetch(`${app.base}${path}`);
      expect(page.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });
});
