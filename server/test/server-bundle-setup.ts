import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../../scripts/build-server';
import { packageRoot } from '../package-root';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled as `npm run build` bundles it, for the tests that start it as a process. */
    serverBundle: string;
  }
}

/**
 * Vitest global setup: bundles the server once per run (a second or two), and the tests that start
 * it as a process (server/test/server-process.ts) run `node <bundle>`: the code as production runs
 * it, started in half the CPU of `node --import tsx server/index.ts`, which compiles and resolves
 * every source file again in each of the run's dozens of processes. In a folder of this run's own,
 * removed at the end, so that runs side by side never share one.
 */
export default async function bundleServer(project: TestProject): Promise<() => Promise<void>> {
  const root = packageRoot(import.meta.dirname);
  const outDir = path.join(root, 'node_modules', '.cache', 'rcc-test-server', String(process.pid));
  await buildServerBundle(root, outDir);
  project.provide('serverBundle', path.join(outDir, 'index.js'));
  return () => rm(outDir, { recursive: true, force: true });
}
