import autocannon from 'autocannon';
import { startServer } from './serve';
import { withThrowawayDatabase } from './throwaway-database';

export interface ViewsLoadFigures {
  route: string;
  quietP99Ms: number;
  withViewsP99Ms: number;
}

const browser =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The p99 of `route`, asked by 8 connections for `seconds` as browsers do (brotli). */
async function pageP99(url: string, route: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url: `${url}${route}`,
    connections: 8,
    duration: seconds,
    headers: { 'accept-encoding': 'br', 'user-agent': browser },
  });
  return result.latency.p99;
}

/**
 * Page views at `rate` a second, each from a reader of its own (X-Forwarded-For, which the server
 * trusts from loopback here), as beacons from the site's pages: counted, not refused.
 */
function sendViews(url: string, rate: number, seconds: number) {
  let reader = 0;
  return autocannon({
    url: `${url}/api/views`,
    method: 'POST',
    // Each beacon is answered once its batch is written (up to 100 ms): many browsers at once.
    connections: 150,
    overallRate: rate,
    duration: seconds,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: url, 'user-agent': browser },
    requests: [
      {
        setupRequest: (request) => {
          reader += 1;
          const path = ['/', '/services/decks', '/gallery', '/contact'][reader % 4];
          return {
            ...request,
            headers: {
              ...request.headers,
              'x-forwarded-for': `10.${(reader >> 16) & 255}.${(reader >> 8) & 255}.${reader & 255}`,
            },
            body: JSON.stringify({ path, referrer: reader % 3 === 0 ? 'www.google.com' : undefined }),
          };
        },
      },
    ],
  });
}

/**
 * `npm run bench -- --views`: every route's p99 alone, then again while 500 page views a second
 * arrive, on a fresh Postgres database (the shared rate bound and the roll-ups as in production).
 */
export async function benchViews(options: {
  root: string;
  port: number;
  adminUrl: string;
  routes: string[];
  rate?: number;
  seconds?: number;
}): Promise<{ figures: ViewsLoadFigures[]; viewsPerSecond: number; viewsNon2xx: number }> {
  const rate = options.rate ?? 500;
  const seconds = options.seconds ?? 10;
  return withThrowawayDatabase(options.adminUrl, 'rcc_bench_views', async (databaseUrl) => {
    const server = await startServer({
      root: options.root,
      port: options.port,
      env: { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: '0', TRUST_PROXY: 'loopback' },
    });
    try {
      const figures: ViewsLoadFigures[] = [];
      let sent = 0;
      let non2xx = 0;
      for (const route of options.routes) {
        await pageP99(server.url, route, 2);
        const quietP99Ms = await pageP99(server.url, route, seconds);
        const views = sendViews(server.url, rate, seconds);
        const withViewsP99Ms = await pageP99(server.url, route, seconds);
        const result = await views;
        sent += result.requests.total;
        non2xx += result.non2xx;
        figures.push({ route, quietP99Ms, withViewsP99Ms });
      }
      return { figures, viewsPerSecond: sent / (seconds * options.routes.length), viewsNon2xx: non2xx };
    } finally {
      await server.stop();
    }
  });
}

export function viewsTable(result: Awaited<ReturnType<typeof benchViews>>): string {
  const lines = ['route | p99 alone | p99 with views', '--- | --- | ---'];
  for (const row of result.figures)
    lines.push(`${row.route} | ${Math.round(row.quietP99Ms)} ms | ${Math.round(row.withViewsP99Ms)} ms`);
  lines.push(
    `\nviews sent: ${Math.round(result.viewsPerSecond)} a second, ${result.viewsNon2xx} answered other than 2xx`,
  );
  return lines.join('\n');
}
