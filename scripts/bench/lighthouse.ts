import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../../e2e/chromium';

export interface LongTask {
  /** The script the task is attributed to, as a path on the site ('' when Lighthouse cannot tell). */
  file: string;
  durationMs: number;
}

export interface LighthouseFigures {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script files the page requested during the run. */
  scriptFiles: number;
  /** Main-thread script evaluation of the site's own files, in Lighthouse's simulated time. */
  siteScriptingMs: number;
  /**
   * Long tasks (over 50 ms in Lighthouse's simulated, 4x slowed CPU) of the run whose TBT is the
   * median: the site's own (attributed to one of its scripts) and the rest (parsing, layout).
   */
  siteLongTasks: LongTask[];
  otherLongTasks: LongTask[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface TableItem {
  url?: string;
  duration?: number;
  scripting?: number;
  resourceType?: string;
}

/** Lighthouse 12, mobile preset (its default), in Debian's Chromium: the median of `runs` runs per route. */
export async function runLighthouse(baseUrl: string, routes: string[], runs = 3): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const ownPath = (url: string | undefined) => (url?.startsWith(baseUrl) ? url.slice(baseUrl.length) : undefined);
  const results: LighthouseFigures[] = [];
  try {
    for (const route of routes) {
      const samples: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(baseUrl + route, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
        const failed = lhr.runtimeError?.message ?? lhr.audits['total-blocking-time']?.errorMessage;
        if (failed || !Number.isFinite(lhr.audits['total-blocking-time']?.numericValue)) {
          // A run Lighthouse could not finish (a trace it could not read, say) is reported and left out.
          console.warn(`bench: Lighthouse run ${i + 1} of ${route} failed (${failed ?? 'no TBT'}); left out`);
          continue;
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const items = (id: string) => (lhr.audits[id]?.details as { items?: TableItem[] } | undefined)?.items ?? [];
        const longTasks = items('long-tasks').map((task) => ({
          file: ownPath(task.url) ?? '',
          own: ownPath(task.url) !== undefined,
          durationMs: Math.round(task.duration ?? 0),
        }));
        samples.push({
          route,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          scriptFiles: items('network-requests').filter((request) => request.resourceType === 'Script').length,
          siteScriptingMs: items('bootup-time')
            .filter((item) => ownPath(item.url) !== undefined)
            .reduce((sum, item) => sum + (item.scripting ?? 0), 0),
          siteLongTasks: longTasks.filter((task) => task.own).map(({ file, durationMs }) => ({ file, durationMs })),
          otherLongTasks: longTasks
            .filter((task) => !task.own)
            .map(({ durationMs }) => ({ file: '(not attributed to a script)', durationMs })),
        });
      }
      if (samples.length === 0) throw new Error(`Lighthouse could not measure ${route} in ${runs} runs`);
      const pick = (key: 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'fcpMs' | 'lcpMs' | 'cls') =>
        median(samples.map((s) => s[key]));
      const tbt = median(samples.map((s) => s.tbtMs));
      const medianRun = samples.find((s) => s.tbtMs === tbt)!;
      results.push({
        ...medianRun,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        fcpMs: pick('fcpMs'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        siteScriptingMs: median(samples.map((s) => s.siteScriptingMs)),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
