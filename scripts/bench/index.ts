import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runApiLoad } from './api-load';
import { startBusyCpu } from './busy-cpu';
import { firstResponseBytes, measureRouteBytes } from './bundle-sizes';
import { runLighthouse, type LighthouseFigures, type LongTask } from './lighthouse';
import { startServer } from './serve';

/**
 * `npm run bench`: builds the production site, serves it, and prints Lighthouse scores (on a
 * quiet machine, then with a second process keeping one CPU core busy), the bytes each route
 * loads, and the quote API's throughput next to a bare baseline. Figures only: it always exits 0
 * unless it cannot run at all.
 *
 * Options for quicker rounds: `--no-build` (serve the last build), `--pages-only` (no API load),
 * `--runs N` (Lighthouse runs per route, default 3), `--routes /,/gallery`, `--no-busy` (quiet
 * run only). `BENCH_PORT` sets the port (default 5180; the API load uses the port 10 above).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 5180);
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'pages-only': { type: 'boolean', default: false },
    'no-busy': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
  },
});
const routes = options.routes
  ? options.routes.split(',').map((route) => route.trim())
  : ['/', '/services/kitchen-remodeling', '/locations/payson', '/gallery', '/contact'];
const runs = Math.max(1, Number(options.runs) || 3);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const tasks = (list: LongTask[]) =>
  list.length ? list.map((task) => `${task.file || '?'} ${task.durationMs}`).join(', ') : 'none';

if (!options['no-build']) {
  console.log('bench: building the production site…');
  execSync('npm run build', {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SITE_URL: `http://127.0.0.1:${port}` },
  });
}

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

  const quiet = await runLighthouse(server.url, routes, runs);
  let busy: LighthouseFigures[] = [];
  if (!options['no-busy']) {
    const stopBusyCpu = startBusyCpu();
    try {
      busy = await runLighthouse(server.url, routes, runs);
    } finally {
      await stopBusyCpu();
    }
  }
  console.log(
    `\nLighthouse 12, mobile preset, median of ${runs} run${runs > 1 ? 's' : ''}: quiet${busy.length ? ', and with one CPU core kept busy by a second process' : ''}`,
  );
  console.log(
    'route                           perf  a11y  best  seo   FCP      LCP      TBT      CLS    scripts  site JS   | busy: perf  TBT',
  );
  quiet.forEach((r, i) => {
    const b = busy[i];
    console.log(
      `${r.route.padEnd(32)}${String(r.performance).padEnd(6)}${String(r.accessibility).padEnd(6)}${String(r.bestPractices).padEnd(6)}${String(r.seo).padEnd(6)}${ms(r.fcpMs).padEnd(9)}${ms(r.lcpMs).padEnd(9)}${ms(r.tbtMs).padEnd(9)}${r.cls.toFixed(3).padEnd(7)}${String(r.scriptFiles).padEnd(9)}${ms(r.siteScriptingMs).padEnd(10)}${b ? `|       ${String(b.performance).padEnd(6)}${ms(b.tbtMs)}` : ''}`,
    );
  });
  console.log('("scripts": script files requested; "site JS": evaluation of the site\'s own scripts, simulated time)');
  console.log("\nLong tasks over 50 ms (simulated time) in the median run: the site's own scripts | the rest");
  quiet.forEach((r, i) => {
    const b = busy[i];
    console.log(`${r.route.padEnd(32)}quiet: ${tasks(r.siteLongTasks)} | ${tasks(r.otherLongTasks)}`);
    if (b) console.log(`${''.padEnd(32)}busy:  ${tasks(b.siteLongTasks)} | ${tasks(b.otherLongTasks)}`);
  });
} finally {
  await server.stop();
}

if (options['pages-only']) process.exit(0);

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
