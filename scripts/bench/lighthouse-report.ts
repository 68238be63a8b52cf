import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface LongTask {
  /** Where the task comes from: a script of the site, the page itself (HTML, style, layout), or the browser. */
  source: string;
  /** The kinds of work found in the task, as Lighthouse groups them (script, parse, layout…), or "other". */
  kind: string;
  startMs: number;
  durationMs: number;
}

/** The figures of one Lighthouse run, read from its JSON report. */
export interface LighthouseSample {
  route: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Long tasks (50 ms or more, simulated 4x slower CPU) that end after the first contentful paint. */
  longTasks: LongTask[];
  /** Every script the page requested without any interaction (Lighthouse never taps), idle prefetches included. */
  scripts: string[];
  /** Their size as the build's gzip twins (what a browser without brotli downloads). */
  jsGzipBytes: number;
}

interface Audit {
  numericValue?: number;
  details?: {
    items?: Record<string, unknown>[];
    debugData?: { urls?: string[]; tasks?: Record<string, number>[] };
  };
}
interface Report {
  runtimeError?: { code?: string; message?: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, Audit | undefined>;
}

/** gzip size of a built file: its precompressed twin, or the file compressed here when the build kept none. */
export function gzipSize(file: string): number {
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

/** Lighthouse's groups of main-thread work, and the short names the table prints. */
const taskGroups: Record<string, string> = {
  scriptEvaluation: 'script',
  scriptParseCompile: 'compile',
  parseHTML: 'parse',
  styleLayout: 'layout',
  paintCompositeRender: 'paint',
  garbageCollection: 'gc',
};

/** Reads one report; throws with Lighthouse's own message when the run did not finish. */
export function readReport(json: string, route: string, baseUrl: string, clientDir: string): LighthouseSample {
  const report = JSON.parse(json) as Report;
  const audit = (id: string) => report.audits[id];
  if (report.runtimeError) throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
  const tbtMs = audit('total-blocking-time')?.numericValue;
  if (tbtMs === undefined || !Number.isFinite(tbtMs)) throw new Error('no total blocking time in the report');

  const metric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const fcpMs = metric('first-contentful-paint');
  const sitePath = (url: string) => (url.startsWith(baseUrl) ? new URL(url).pathname : undefined);
  const sourceOf = (url: string | undefined) => {
    const own = url ? sitePath(url) : undefined;
    if (own === undefined) return url && url !== 'Unattributable' ? url : '(browser)';
    return own.endsWith('.js') ? own.replace(/^\/assets\//, '') : '(page)';
  };

  // The audit's table has URL, start and duration; its debug data has the same tasks in the same
  // order with the time split by kind of work.
  const details = audit('long-tasks')?.details;
  const breakdown = details?.debugData?.tasks ?? [];
  const longTasks = (details?.items ?? [])
    .map((item, index): LongTask => {
      // In simulated runs Lighthouse gives the whole time to "other" and keeps the kinds of work
      // found inside the task with no time of their own: those kinds are what is listed.
      const kinds = Object.keys(breakdown[index] ?? {}).flatMap((key) => taskGroups[key] ?? []);
      const kind = kinds.join('+');
      return {
        source: sourceOf(item.url as string | undefined),
        kind: kind || 'other',
        startMs: Math.round(Number(item.startTime ?? 0)),
        durationMs: Math.round(Number(item.duration ?? 0)),
      };
    })
    .filter((task) => task.startMs + task.durationMs > fcpMs)
    .sort((a, b) => a.startMs - b.startMs);

  const scripts = (audit('network-requests')?.details?.items ?? [])
    .filter((request) => request.resourceType === 'Script')
    .map((request) => sitePath(String(request.url)))
    .filter((file): file is string => file !== undefined);
  const unique = [...new Set(scripts)];

  return {
    route,
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    fcpMs,
    lcpMs: metric('largest-contentful-paint'),
    tbtMs,
    cls: metric('cumulative-layout-shift'),
    longTasks,
    scripts: unique,
    jsGzipBytes: unique.reduce((sum, file) => sum + gzipSize(path.join(clientDir, file)), 0),
  };
}

export const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
};

/**
 * The median of each figure over the runs of one route; the long tasks and scripts are those of
 * the run whose TBT is the median, so they add up to a TBT that was measured.
 */
export function medianSample(samples: LighthouseSample[]): LighthouseSample & { runs: number } {
  const tbtMs = median(samples.map((s) => s.tbtMs));
  const medianRun = samples.find((s) => s.tbtMs === tbtMs) ?? samples[0]!;
  const pick = (key: 'performance' | 'fcpMs' | 'lcpMs' | 'cls' | 'jsGzipBytes') => median(samples.map((s) => s[key]));
  return {
    ...medianRun,
    performance: pick('performance'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    cls: pick('cls'),
    jsGzipBytes: pick('jsGzipBytes'),
    tbtMs,
    runs: samples.length,
  };
}
