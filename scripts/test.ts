import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`: typecheck, lint, the unit tests and the build start together, and the browser
 * journeys as soon as the build is in. Typecheck and lint run at a lower CPU priority: they take
 * the cores' spare time, and the build (which the journeys wait for) and the unit tests (the
 * longest stage) go first. On two cores the run is bound by CPU (docs/test-time.md). What the
 * journeys time has a wide margin (an e-mail within 15 s, a published project within 10 s); the
 * figures a visitor feels are the benchmarks', on a quiet machine. Each stage's output is printed
 * in one piece when it ends, the journeys' as it comes. Exits 1 when any stage failed; the
 * journeys run whenever the build passed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

/**
 * `yielding`: the stage runs at a lower CPU priority (nice 10). Typecheck and lint gate nothing,
 * while the journeys wait for the build and the unit tests are the longest stage: on two cores the
 * five stages side by side had the build take 179 s instead of 31.
 */
function run(
  name: string,
  command: string,
  args: string[],
  buffered: boolean,
  yielding = false,
  env: Record<string, string> = {},
): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (yielding && child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not permitted here: the stage runs at the usual priority.
      }
    }
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const finish = (ok: boolean, error?: Error) => {
      const seconds = (performance.now() - started) / 1000;
      if (buffered) {
        console.log(`\n── ${name} ${'─'.repeat(Math.max(0, 60 - name.length))}`);
        process.stdout.write(output);
      }
      if (error) console.error(error.message);
      console.log(`test: ${name} ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve({ name, ok, seconds });
    };
    child.once('error', (error) => finish(false, error));
    child.once('close', (code) => finish(code === 0));
  });
}

const started = performance.now();
console.log(
  'test: typecheck, lint (at a lower priority), unit tests and the build side by side; the browser journeys once the build is in',
);
const build = run('build', bin('tsx'), ['scripts/build.ts'], true);
const journeys = build.then((built) => {
  if (built.ok) return run('browser journeys', bin('playwright'), ['test'], false);
  console.log('test: browser journeys skipped, the build failed');
  return { name: 'browser journeys', ok: false, seconds: 0 };
});
const outcomes = await Promise.all([
  run('typecheck', bin('tsc'), ['--noEmit'], true, true),
  run('lint', bin('eslint'), ['.'], true, true),
  // The three test files at a time share the process's libuv threads, four by default, for sharp's
  // pipelines, scrypt and file reads (vite.config.ts); sixteen, so that none waits on the others'.
  run('unit tests', bin('vitest'), ['run'], true, false, { UV_THREADPOOL_SIZE: '16' }),
  build,
  journeys,
]);

const total = (performance.now() - started) / 1000;
console.log(
  `\ntest: ${outcomes.map((o) => `${o.name} ${o.ok ? 'ok' : 'FAILED'} ${o.seconds.toFixed(0)} s`).join(', ')}; ` +
    `${total.toFixed(0)} s in all`,
);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
