import v8 from 'node:v8';

/**
 * V8 flags for the Node processes the tests start (servers, the owner's commands; not the journeys'
 * shared server, which runs through the whole pass as `npm start` would) and for the test runners'
 * own: WebAssembly is compiled by V8's baseline compiler only (Liftoff), and hot functions
 * are not compiled again by the optimising one (TurboFan).
 *
 * PGlite is a large WebAssembly module. In a process that lives seconds to minutes and runs a few
 * hundred queries, the optimising compiler's background work costs more CPU than it saves.
 * Measured on two cores, the production build's first start on an empty data folder:
 *
 * - default: 3.3 CPU-s until /api/health answers, 284 MB resident;
 * - `--liftoff-only`: 2.2 to 2.9 CPU-s, 205 MB.
 *
 * A bare PGlite answering 200 queries: 1.4 CPU-s against 0.6. The build's template (initdb and the
 * migrations): 7.5 to 8.2 CPU-s against 5.0 to 6.0. Only the code generation changes, not what the
 * code does. `npm start` keeps V8's default: over thousands of queries the optimised code is about
 * a third faster (docs/test-time.md).
 *
 * Not in NODE_OPTIONS, which takes only a few V8 flags: each place that starts `node` passes them,
 * and the test runners set them in their own process with `useTestNodeFlags`.
 */
export const testNodeFlags: readonly string[] = ['--liftoff-only'];

/**
 * Sets `testNodeFlags` in this process, for the WebAssembly it compiles from now on: the test
 * runners' configurations call it, before any test opens a PGlite database (vitest's threads share
 * their process's flags; Playwright's workers load the configuration too).
 */
export function useTestNodeFlags(): void {
  for (const flag of testNodeFlags) v8.setFlagsFromString(flag);
}
