import { cp } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';

/**
 * Bundles the server (server/index.ts) into `outDir`/index.js, beside a copy of its migrations: what
 * `npm run build` puts in dist/server, and what the tests start as a separate process
 * (server/test/server-bundle-setup.ts), so both run the code as production runs it.
 */
export async function buildServerBundle(root: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { '@shared': path.join(root, 'shared') } },
    publicDir: false,
    build: {
      ssr: path.join(root, 'server', 'index.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rolldownOptions: { output: { entryFileNames: 'index.js' } },
    },
  });
  await cp(path.join(root, 'server', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
}
