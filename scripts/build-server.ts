import { cp } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';

/**
 * The packages every start loads, bundled into index.js rather than loaded from node_modules: Node's
 * loader resolved, read and (for the CommonJS ones) scanned each of their files on every start. On
 * Postgres the server is up on 0.64 to 0.75 CPU-s instead of 1.03 to 1.14, 3 MB larger. Their own
 * dependencies still load from node_modules (bundling those too saved no more and cost 12 MB). Left
 * out: pino (its transports run files of its own in a worker), sharp (native code), PGlite (its
 * WebAssembly and data files), and what loads on first use (services/first-use.ts).
 */
const bundledDependencies = [
  'busboy',
  'cookie',
  'drizzle-orm',
  'express',
  'helmet',
  'libphonenumber-js',
  'nodemailer',
  'pg',
  'rate-limiter-flexible',
  'tar-stream',
  'web-push',
  'zod',
];

/**
 * Bundles the server (server/index.ts) into `outDir`/index.js, beside a copy of its migrations: what
 * `npm run build` puts in dist/server, and what the tests start as a separate process
 * (server/test/server-bundle-setup.ts), so both run the code as production runs it.
 */
export async function buildServerBundle(root: string, outDir: string): Promise<void> {
  const bundle = (entry: string[], fileName: string, more: { noExternal?: string[]; emptyOutDir: boolean }) =>
    build({
      configFile: false,
      root,
      logLevel: 'warn',
      resolve: { alias: { '@shared': path.join(root, 'shared') } },
      publicDir: false,
      ...(more.noExternal ? { ssr: { noExternal: more.noExternal } } : {}),
      build: {
        ssr: path.join(root, ...entry),
        outDir,
        emptyOutDir: more.emptyOutDir,
        target: 'node20',
        rolldownOptions: { output: { entryFileNames: fileName } },
      },
    });
  await bundle(['server', 'index.ts'], 'index.js', { noExternal: bundledDependencies, emptyOutDir: true });
  // The PDF worker thread's own file (services/pdf/pdf-worker.ts), beside index.js where the
  // server starts it from; the packages it loads (pdfkit) stay in node_modules.
  await bundle(['server', 'services', 'pdf', 'pdf-worker.ts'], 'pdf-worker.js', { emptyOutDir: false });
  await cp(path.join(root, 'server', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
}

/**
 * The owner's commands, by their file in dist/server: `npm run owner:password`, `backup`, `restore`
 * and `check:launch` run the sources through tsx (a dev dependency) in a checkout, and these files
 * with node where only the production dependencies are (the container image, whose package.json
 * names them: see the Dockerfile).
 */
export const ownerCommands = {
  'owner-password': 'scripts/owner-password.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'launch-check': 'scripts/launch-check.ts',
} as const;

/**
 * Bundles the owner's commands into `outDir` (dist/server, beside the server: the migrations and the
 * embedded database's template resolve from there as the server's do), their shared code in
 * chunks of their own there, every package left in node_modules.
 */
export async function buildOwnerCommands(root: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { '@shared': path.join(root, 'shared') } },
    publicDir: false,
    build: {
      ssr: true,
      outDir,
      emptyOutDir: false,
      target: 'node20',
      rolldownOptions: {
        input: Object.fromEntries(Object.entries(ownerCommands).map(([name, file]) => [name, path.join(root, file)])),
        output: { entryFileNames: '[name].js', chunkFileNames: 'command-[name]-[hash].js' },
      },
    },
  });
}
