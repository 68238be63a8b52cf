import { cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../server/db/client';
import { packageRoot } from '../server/package-root';
import { freshPostgresDatabase, migratedPostgresDatabase } from '../server/test/databases';
import { setupTimeout, tempDir } from '../server/test/http';
import { runNode } from '../server/test/node-command';
import { buildOwnerCommands, ownerCommands } from './build-server';

/**
 * The owner's commands as the container image runs them: bundled by the build into dist/server
 * (build-server.ts) and started with plain node, in a project folder with the production layout
 * (no sources, no tsx): `npm run owner:password`, `backup`, `restore` and `check:launch` on Postgres.
 */
let project: { dir: string; remove: () => Promise<void> };
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  project = await tempDir('owner-commands');
  cleanups.push(project.remove);
  const root = packageRoot(import.meta.dirname);
  await writeFile(path.join(project.dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  await symlink(path.join(root, 'node_modules'), path.join(project.dir, 'node_modules'));
  await symlink(path.join(root, 'images'), path.join(project.dir, 'images'));
  await mkdir(path.join(project.dir, 'dist', 'server'), { recursive: true });
  await cp(migrationsFolder, path.join(project.dir, 'dist', 'server', 'migrations'), { recursive: true });
  await buildOwnerCommands(root, path.join(project.dir, 'dist', 'server'));
}, setupTimeout);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** `node dist/server/<command>.js args` in the project folder, with `env` as its whole configuration. */
function run(command: keyof typeof ownerCommands, args: string[], env: Record<string, string>, input = '') {
  return runNode([`dist/server/${command}.js`, ...args], {
    cwd: project.dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    input,
  });
}

describe("the owner's commands, bundled", { timeout: 120_000 }, () => {
  it('set the password, take a backup, restore it elsewhere and list what is left before launch', async () => {
    const site = await migratedPostgresDatabase('commands');
    const target = await freshPostgresDatabase('commands_target');
    cleanups.push(site.drop, target.drop);
    const env = { DATABASE_URL: site.url, DATA_DIR: 'data', SITE_URL: 'https://www.example.com' };

    const password = await run(
      'owner-password',
      [],
      env,
      'correct horse battery staple\ncorrect horse battery staple\n',
    );
    expect(password.output).toContain('The owner password is set in Postgres (DATABASE_URL).');
    expect(password.code).toBe(0);

    const backup = await run('backup', ['site.tar.gz'], env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('owner_credentials');

    const restore = await run('restore', ['site.tar.gz'], { ...env, DATABASE_URL: target.url, DATA_DIR: 'data-2' });
    expect(restore.code, restore.output).toBe(0);

    const launch = await run('launch-check', [], env);
    expect(launch.output).toContain('Site address');
    expect(launch.code).toBe(1);
  });
});
