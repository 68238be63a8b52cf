import { chmod, mkdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makePrivateFolder, makeTreePrivate, writePrivateFile } from './private-files';
import { tempDir } from './test/http';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

let remove: (() => Promise<void>) | undefined;
afterEach(async () => {
  await remove?.();
  remove = undefined;
});

describe('private files under DATA_DIR', () => {
  it('corrects every folder to 0700 and file to 0600, counts them, and follows no link', async () => {
    const temp = await tempDir('private-files');
    remove = temp.remove;
    const root = path.join(temp.dir, 'data');
    const outside = path.join(temp.dir, 'outside.txt');
    await writeFile(outside, 'not the site’s');
    await chmod(outside, 0o644);
    await mkdir(path.join(root, 'pglite', 'base'), { recursive: true });
    await writeFile(path.join(root, 'pglite', 'base', '1247'), 'rows');
    await writeFile(path.join(root, 'upload-secret'), 'secret');
    await chmod(path.join(root, 'pglite', 'base', '1247'), 0o666);
    await chmod(path.join(root, 'upload-secret'), 0o600);
    await chmod(path.join(root, 'pglite', 'base'), 0o755);
    await chmod(path.join(root, 'pglite'), 0o700);
    await chmod(root, 0o755);
    await symlink(outside, path.join(root, 'link'));

    expect(await makeTreePrivate(root)).toEqual({ corrected: 3, refused: 0 });
    expect(await modeOf(root)).toBe(0o700);
    expect(await modeOf(path.join(root, 'pglite', 'base'))).toBe(0o700);
    expect(await modeOf(path.join(root, 'pglite', 'base', '1247'))).toBe(0o600);
    expect(await modeOf(outside)).toBe(0o644);
    // Once corrected, nothing more to do; a missing folder is nothing to do either.
    expect(await makeTreePrivate(root)).toEqual({ corrected: 0, refused: 0 });
    expect(await makeTreePrivate(path.join(temp.dir, 'none'))).toEqual({ corrected: 0, refused: 0 });
  });

  it('creates folders 0700 and writes files 0600 whole', async () => {
    const temp = await tempDir('private-files');
    remove = temp.remove;
    const folder = path.join(temp.dir, 'data', 'outbox', 'deep');
    await makePrivateFolder(folder);
    for (const dir of [folder, path.dirname(folder), path.dirname(path.dirname(folder))])
      expect(await modeOf(dir)).toBe(0o700);
    const file = path.join(folder, 'message.eml');
    await writePrivateFile(file, 'Subject: hello\r\n\r\nJane', { sync: true });
    expect(await modeOf(file)).toBe(0o600);
    await writePrivateFile(file, 'Subject: again');
    expect(await modeOf(file)).toBe(0o600);
  });
});
