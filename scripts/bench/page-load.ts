import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { publishTestProject } from '../../server/test/site-content';
import { benchProjectTitles, waitForOwnerPages } from './owner-projects';
import { startServer } from './serve';

export interface PageLoad {
  content: 'build' | 'owner projects';
  route: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

/** The pages the figures name: the home page, the gallery and a service page. */
export const loadRoutes = ['/', '/gallery', '/services/decks'];

export const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined;

/**
 * The public pages under load as a busy day meets them: `wrk`, 2 threads, 32 connections, 10 s,
 * brotli accepted, against the production server twice: with the build's pages only, and with
 * owner projects published (the pages the server rendered for that content version, served from
 * memory like the prerendered ones). The projects are written into the embedded database before
 * the server opens it.
 */
export async function runPageLoad(options: { root: string; port: number; seconds?: number }): Promise<PageLoad[]> {
  const results: PageLoad[] = [];
  for (const content of ['build', 'owner projects'] as const) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rcc-bench-pages-'));
    if (content === 'owner projects') {
      const database = await openDatabase({ dataDir });
      for (const [index, title] of benchProjectTitles.entries()) {
        await publishTestProject(database, { title, slug: `bench-project-${index}`, service: 'decks' });
      }
      await database.close();
    }
    const server = await startServer({ root: options.root, port: options.port, env: { DATA_DIR: dataDir } });
    try {
      // On a busy machine the embedded database may take a while to open.
      for (let i = 0; i < 600; i++) {
        if ((await fetch(`${server.url}/api/health`).catch(() => null))?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Wait for the content version's pages: the gallery shows the projects once they are rendered.
      if (content === 'owner projects') await waitForOwnerPages(server.url);
      for (const route of loadRoutes) {
        const output = execFileSync(
          'wrk',
          [
            '-t2',
            '-c32',
            `-d${options.seconds ?? 10}s`,
            '--latency',
            '-H',
            'Accept-Encoding: br',
            `${server.url}${route}`,
          ],
          { encoding: 'utf8' },
        );
        results.push({ content, route, ...parseWrk(output) });
      }
    } finally {
      await server.stop();
    }
  }
  return results;
}

function parseWrk(output: string): Omit<PageLoad, 'content' | 'route'> {
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const [, value = '0', unit = 'ms'] = /\s99%\s+([\d.]+)(us|ms|s)/.exec(output) ?? [];
  const p99Ms = Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  return { requestsPerSecond, p99Ms, non2xx };
}
