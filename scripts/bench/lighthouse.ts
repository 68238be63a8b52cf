import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findFullChromium } from '../../e2e/chromium';
import { startBusyCpu } from './busy-cpu';
import { medianSample, readReport, type LighthouseSample } from './lighthouse-report';

export type LighthouseFigures = ReturnType<typeof medianSample>;
export type Load = 'quiet' | 'busy';

/** The flags PageSpeed-like runs use for a headless Chromium on a server. */
export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const runTimeoutMs = 240_000;
const attemptsPerRun = 3;

/**
 * One run of the `lighthouse` command, as `npx lighthouse <url>` does it: it launches a fresh
 * Chromium with a new profile, loads the page once with the mobile preset (simulated slow 4G and
 * a 4x slower CPU), and quits. Only the performance category is gathered: the other categories
 * run after the page has loaded and change none of these figures.
 */
async function runCli(root: string, url: string, outputPath: string): Promise<string> {
  rmSync(outputPath, { force: true });
  const child = spawn(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--output=json',
      `--output-path=${outputPath}`,
      `--chrome-flags=${chromeFlags.join(' ')}`,
      '--form-factor=mobile',
      '--only-categories=performance',
      '--no-enable-error-reporting',
      '--quiet',
    ],
    {
      cwd: root,
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? findFullChromium() },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  // SIGINT lets the command close the Chromium it launched.
  const timer = setTimeout(() => child.kill('SIGINT'), runTimeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  // A run Lighthouse could not finish still writes a report carrying the error, and exits 1.
  if (existsSync(outputPath)) return readFileSync(outputPath, 'utf8');
  throw new Error(`lighthouse exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' / ')}`);
}

export interface LighthouseRound {
  baseUrl: string;
  root: string;
  clientDir: string;
  /** Where each run's JSON report is kept. */
  reportDir: string;
  routes: string[];
  runs: number;
  loads: Load[];
}

/**
 * `runs` rounds; each round takes every route in turn, once per load (quiet, then with a second
 * process keeping one core busy), so that whatever else the machine does spreads over all of
 * them rather than over one route. Returns the median per route and load, and every run.
 */
export async function runLighthouse(options: LighthouseRound): Promise<{
  figures: Record<Load, LighthouseFigures[]>;
  samples: (LighthouseSample & { round: number; load: Load })[];
  failures: { route: string; round: number; load: Load; error: string }[];
}> {
  const samples: (LighthouseSample & { round: number; load: Load })[] = [];
  const failures: { route: string; round: number; load: Load; error: string }[] = [];
  const total = options.runs * options.routes.length * options.loads.length;
  let slot = 0;
  for (let round = 1; round <= options.runs; round++) {
    for (const route of options.routes) {
      for (const load of options.loads) {
        const slug = route === '/' ? 'home' : route.slice(1).replaceAll('/', '-');
        const outputPath = path.join(options.reportDir, `${slug}-${load}-${round}.json`);
        process.stdout.write(`\rbench: Lighthouse run ${++slot} of ${total}…  `);
        // Chromium now and then leaves the navigation out of its trace (NO_NAVSTART): such a run
        // is reported, left out of the median and taken again, up to twice, so that each median
        // still has its rounds.
        for (let attempt = 1; attempt <= attemptsPerRun; attempt++) {
          const stopBusyCpu = load === 'busy' ? startBusyCpu() : undefined;
          try {
            const json = await runCli(options.root, options.baseUrl + route, outputPath);
            samples.push({ ...readReport(json, route, options.baseUrl, options.clientDir), round, load });
            break;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            failures.push({ route, round, load, error: message });
            const next = attempt < attemptsPerRun ? 'taken again' : 'left out';
            console.warn(`\nbench: Lighthouse run ${round} of ${route} (${load}) failed: ${message}; ${next}`);
          } finally {
            await stopBusyCpu?.();
          }
        }
      }
    }
  }
  process.stdout.write('\n');
  const figures = { quiet: [], busy: [] } as Record<Load, LighthouseFigures[]>;
  for (const load of options.loads) {
    for (const route of options.routes) {
      const runs = samples.filter((s) => s.route === route && s.load === load);
      if (runs.length) figures[load].push(medianSample(runs));
    }
  }
  return { figures, samples, failures };
}
