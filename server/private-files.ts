import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Everything under DATA_DIR is the site's alone: the embedded database (a lead's name is in its
 * write-ahead log), the outbox's e-mails, the photos, the secrets. Folders 0700, files 0600, for
 * whatever umask the process was started with. This module is the one place that knows the modes.
 */
export const privateModes = { folder: 0o700, file: 0o600 } as const;

/**
 * Files and folders this process (and any child it starts) creates are the user's alone. Called
 * first thing by the server and by every script that writes under DATA_DIR; the writers below
 * also set their modes themselves, so they do not depend on it.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/** `folder` and any parents it had to create, 0700. */
export async function makePrivateFolder(folder: string): Promise<void> {
  const target = path.resolve(folder);
  const first = await mkdir(target, { recursive: true, mode: privateModes.folder });
  if (!first) return;
  // mkdir's mode goes through the umask: set each folder it created explicitly.
  for (let dir = target; ; dir = path.dirname(dir)) {
    await chmod(dir, privateModes.folder);
    if (dir === first || dir === path.dirname(dir)) break;
  }
}

/**
 * Writes `bytes` to `file` (0600) through a temporary name in the same folder and a rename, so a
 * reader never sees half a file (`temp`: that name, when the folder's readers skip some). With
 * `sync`, the bytes are on the disk before the rename.
 */
export async function writePrivateFile(
  file: string,
  bytes: Buffer | string,
  options: { sync?: boolean; temp?: string } = {},
): Promise<void> {
  const temp =
    options.temp ?? path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await openPrivateFile(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    if (options.sync) await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => {});
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** Opens (and with 'w'/'wx' creates) `file` with mode 0600, whatever the umask. */
export async function openPrivateFile(file: string, flags: string) {
  const handle = await open(file, flags, privateModes.file);
  try {
    await handle.chmod(privateModes.file);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Sets every folder under `root` (itself included) to 0700 and every file to 0600, without
 * following links; other kinds (the backup channel's socket) are left as their owner made them.
 * Says how many it changed, and how many it could not (owned by another user: EPERM). A missing
 * `root` is nothing to do.
 */
export async function makeTreePrivate(root: string): Promise<{ corrected: number; refused: number }> {
  let corrected = 0;
  let refused = 0;
  const gone = (error: NodeJS.ErrnoException) => {
    // Removed meanwhile (a temporary file, a WAL segment recycled): nothing left to protect.
    if (error.code === 'ENOENT') return null;
    throw error;
  };
  async function visit(entry: string): Promise<void> {
    const info = await lstat(entry).catch(gone);
    if (!info) return;
    const wanted = info.isDirectory() ? privateModes.folder : info.isFile() ? privateModes.file : null;
    if (wanted === null) return;
    if ((info.mode & 0o7777) !== wanted) {
      const changed = await chmod(entry, wanted).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EPERM') refused++;
          else gone(error);
          return false;
        },
      );
      if (changed) corrected++;
    }
    if (info.isDirectory()) {
      const names = (await readdir(entry).catch(gone)) ?? [];
      for (const name of names) await visit(path.join(entry, name));
    }
  }
  await visit(path.resolve(root));
  return { corrected, refused };
}

/**
 * A secret of this server kept in `folder/name` (the upload-signing secret, the mail key): 32
 * random bytes in base64url, written once at first use, 0600, then read as it is. Two processes
 * that start at once on one folder read the same one.
 */
export async function privateSecretFile(folder: string, name: string): Promise<string> {
  const file = path.join(folder, name);
  await makePrivateFolder(folder);
  try {
    const handle = await openPrivateFile(file, 'wx');
    await handle.writeFile(randomBytes(32).toString('base64url')).finally(() => handle.close());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(file, 'utf8')).trim();
}
