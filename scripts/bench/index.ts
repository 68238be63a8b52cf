import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runApiLoad } from './api-load';
import { firstResponseBytes, measureRouteBytes } from './bundle-sizes';
import { runLighthouse } from './lighthouse';
import { startServer } from './serve';

/**
 * `npm run bench`: builds the production site, serves it, and prints Lighthouse scores, the
 * bytes each route loads, and the quote API's throughput next to a bare baseline. Figures only:
 * it always exits 0 unless it cannot run at all.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 5180);
const routes = ['/', '/services/kitchen-remodeling', '/locations/payson', '/gallery', '/contact'];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log('bench: building the production site…');
execSync('npm run build', {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, SITE_URL: `http://127.0.0.1:${port}` },
});

const server = await startServer({ root, port });
try {
  console.log('\nJavaScript and CSS loaded before interaction (per route)');
  console.log('route                           JS gzip   JS br     CSS gzip  CSS br    HTML br   later JS gzip');
  const clientDir = path.join(root, 'dist/client');
  for (const r of await measureRouteBytes(server.url, clientDir, routes)) {
    console.log(
      `${r.route.padEnd(32)}${kb(r.js.gzip).padEnd(10)}${kb(r.js.brotli).padEnd(10)}${kb(r.css.gzip).padEnd(10)}${kb(r.css.brotli).padEnd(10)}${kb(r.html.brotli).padEnd(10)}${kb(r.deferredJs.gzip)}`,
    );
  }
  console.log(
    '(JS and CSS requested until the page is hydrated; "later JS" is fetched after that, while the page is idle)',
  );
  const home = firstResponseBytes(clientDir, '/');
  console.log(
    `first response of / (HTML with inlined CSS, brotli): ${kb(home.firstScreen)} through the hero, ${kb(home.whole)} whole`,
  );

  console.log('\nLighthouse 12, mobile preset, median of 3 runs');
  console.log('route                           perf  a11y  best  seo   FCP      LCP      TBT     CLS');
  for (const r of await runLighthouse(server.url, routes, 3)) {
    console.log(
      `${r.route.padEnd(32)}${String(r.performance).padEnd(6)}${String(r.accessibility).padEnd(6)}${String(r.bestPractices).padEnd(6)}${String(r.seo).padEnd(6)}${`${Math.round(r.fcpMs)} ms`.padEnd(9)}${`${Math.round(r.lcpMs)} ms`.padEnd(9)}${`${Math.round(r.tbtMs)} ms`.padEnd(8)}${r.cls.toFixed(3)}`,
    );
  }
} finally {
  await server.stop();
}

console.log(
  '\nQuote API under load (POST /api/quote-requests, 10 connections, median of 3 alternating 5 s rounds each, real Postgres, rate limit off)',
);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { app, baseline } = await runApiLoad({ root, adminUrl, port: port + 10 });
for (const r of [app, baseline]) {
  console.log(
    `${r.label.padEnd(42)}${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms   non-2xx ${r.non2xx}   errors ${r.errors}`,
  );
}
console.log(
  `ratio: ${((app.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}% of the baseline's throughput`,
);
