import { createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { safeError, type Logger } from '../../logger';
import type { LaunchItem } from '@shared/launch-list';
import { checkWritten, type BackupResult } from './backup';

/**
 * The embedded database belongs to the one process that opened it, the running server. So that
 * `npm run backup` works while the site keeps serving, the server listens on a Unix socket in
 * DATA_DIR/backup-channel/ (the folder and the socket readable by the server's user only, never
 * a network port): the command connects there, asks for a backup and receives the archive.
 *
 * Frames, both ways after the request line: one byte of type, four of length, the payload.
 * 'D' archive bytes, 'F' finished (the backup's manifest and checksum as JSON), 'E' failed (a message).
 * `npm run check:launch` asks the same socket for the launch list ({"command":"launch-list"}): one
 * 'F' frame with the items as JSON, exactly what the owner's app lists.
 */

export const backupChannelPath = (dataDir: string) => path.join(path.resolve(dataDir), 'backup-channel', 'backup.sock');

/** Unix socket paths are limited to about 100 bytes (104 on macOS, 108 on Linux). */
const maxSocketPath = 100;

const frame = (type: 'D' | 'F' | 'E', payload: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
};

/** Listens for backup requests; null when DATA_DIR's path is too long for a socket (logged). */
export async function openBackupChannel(options: {
  dataDir: string;
  backup: (out: Writable) => Promise<BackupResult>;
  /** "Before going live", as the owner's app lists it (server/services/settings/launch-list.ts). */
  launchList?: () => Promise<LaunchItem[]>;
  logger: Logger;
}): Promise<{ close: () => Promise<void> } | null> {
  const socketPath = backupChannelPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > maxSocketPath) {
    options.logger.warn(
      { socketPath },
      'backup channel off: the path of DATA_DIR is too long for a socket; `npm run backup` needs the server stopped',
    );
    return null;
  }
  const folder = path.dirname(socketPath);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  // Only one server opens the embedded database (its lock), so a socket left here is a dead one's.
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => serve(socket, options));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

function serve(
  socket: net.Socket,
  options: {
    backup: (out: Writable) => Promise<BackupResult>;
    launchList?: () => Promise<LaunchItem[]>;
    logger: Logger;
  },
): void {
  let request = '';
  socket.setEncoding('utf8');
  socket.on('error', () => {});
  const onData = (chunk: string) => {
    request += chunk;
    if (!request.includes('\n')) {
      if (request.length > 1024) socket.destroy();
      return;
    }
    socket.off('data', onData);
    void answer(request.slice(0, request.indexOf('\n')));
  };
  socket.on('data', onData);

  async function answer(line: string) {
    let command: unknown;
    try {
      command = (JSON.parse(line) as { command?: unknown }).command;
    } catch {
      command = undefined;
    }
    if (command === 'launch-list' && options.launchList) {
      try {
        socket.end(frame('F', Buffer.from(JSON.stringify(await options.launchList()))));
      } catch (error) {
        options.logger.error({ error: safeError(error) }, 'launch list through the backup channel failed');
        if (!socket.destroyed) socket.end(frame('E', Buffer.from(String((error as Error).message ?? error))));
      }
      return;
    }
    if (command !== 'backup') {
      socket.end(frame('E', Buffer.from('Unknown request.')));
      return;
    }
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (socket.destroyed) return callback(new Error('The backup command went away.'));
        if (socket.write(frame('D', chunk))) callback();
        else socket.once('drain', () => callback());
      },
    });
    try {
      options.logger.info('backup requested through the backup channel');
      const result = await options.backup(out);
      socket.end(frame('F', Buffer.from(JSON.stringify(result))));
    } catch (error) {
      options.logger.error({ error: safeError(error) }, 'backup through the backup channel failed');
      if (!socket.destroyed) socket.end(frame('E', Buffer.from(String((error as Error).message ?? error))));
    }
  }
}

/**
 * Asks the server running on `dataDir` for a backup and writes it to `file` (through
 * `<file>.partial`), then reads it back and checks it. Null when no server listens there.
 */
export async function backupThroughChannel(dataDir: string, file: string): Promise<BackupResult | null> {
  const socket = await connectChannel(dataDir);
  if (!socket) return null;

  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  try {
    const result = await new Promise<BackupResult>((resolve, reject) => {
      let buffered = Buffer.alloc(0);
      let finished: BackupResult | undefined;
      let failed: Error | undefined;
      socket.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        while (buffered.length >= 5) {
          const length = buffered.readUInt32BE(1);
          if (buffered.length < 5 + length) break;
          const type = buffered.toString('latin1', 0, 1);
          const payload = buffered.subarray(5, 5 + length);
          buffered = buffered.subarray(5 + length);
          if (type === 'D') {
            if (!out.write(payload)) {
              socket.pause();
              out.once('drain', () => socket.resume());
            }
          } else if (type === 'F') finished = JSON.parse(payload.toString('utf8')) as BackupResult;
          else failed = new Error(`The server could not take the backup: ${payload.toString('utf8')}`);
        }
      });
      socket.once('error', reject);
      socket.once('close', () => {
        out.end(() => {
          if (failed) reject(failed);
          else if (finished) resolve(finished);
          else reject(new Error('The server stopped sending the backup before its end (see its log).'));
        });
      });
      socket.write(`${JSON.stringify({ command: 'backup' })}\n`);
    });
    await checkWritten(partial, result);
    await rename(partial, file);
    return result;
  } catch (error) {
    socket.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Asks the server running on `dataDir` for its launch list (what the owner's app lists). Null
 * when no server listens there.
 */
export async function launchListThroughChannel(dataDir: string): Promise<LaunchItem[] | null> {
  const socket = await connectChannel(dataDir);
  if (!socket) return null;
  return new Promise<LaunchItem[]>((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => (buffered = Buffer.concat([buffered, chunk])));
    socket.once('error', reject);
    socket.once('close', () => {
      const length = buffered.length >= 5 ? buffered.readUInt32BE(1) : -1;
      const payload = buffered.subarray(5, 5 + length).toString('utf8');
      if (length < 0 || buffered.length < 5 + length) reject(new Error('The server stopped answering (see its log).'));
      else if (buffered.toString('latin1', 0, 1) === 'F') resolve(JSON.parse(payload) as LaunchItem[]);
      else if (payload === 'Unknown request.')
        reject(new Error('The running server is older than this command: restart it, then run this again.'));
      else reject(new Error(`The server could not list what is left: ${payload}`));
    });
    socket.write(`${JSON.stringify({ command: 'launch-list' })}\n`);
  });
}

/** A connection to the channel of the server running on `dataDir`; null when none listens there. */
function connectChannel(dataDir: string): Promise<net.Socket | null> {
  return new Promise<net.Socket | null>((resolve, reject) => {
    const connection = net.connect(backupChannelPath(dataDir));
    connection.once('connect', () => resolve(connection));
    connection.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
