import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { PassThrough, Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { isSafeObjectName } from '../storage/types';

/**
 * A backup is one tar.gz: the database as JSON lines per table (db/), every stored object
 * (objects/), the files the server keeps in DATA_DIR (data/), and last manifest.json, which says
 * what the rest is and holds the SHA-256 of every other entry. Writing computes the checksums as
 * it goes; reading checks each entry against the manifest, so a truncated, damaged or altered
 * archive is refused before anything is done with it.
 */

export const manifestName = 'manifest.json';
export const archiveFormat = 'rim-country-carpentry-backup';
export const archiveVersion = 1;

export interface ManifestTable {
  name: string;
  columns: string[];
  /** Each column's type as the source database writes it (format_type), for the record. */
  types: string[];
  rows: number;
  /** The entries holding its rows, JSON lines of text values (Postgres's text form) or null. */
  parts: string[];
}

export interface ManifestObject {
  entry: string;
  /** Storage-neutral name (see StoredObjects). */
  name: string;
  /** The key it had in the storage it came from: photo links are recognised by it. */
  key: string;
  bytes: number;
  contentType?: string;
  storedAt: string;
}

export interface ManifestDataFile {
  entry: string;
  /** Path below DATA_DIR, `/`-separated. */
  path: string;
  bytes: number;
  mode: number;
}

export interface Manifest {
  format: typeof archiveFormat;
  version: typeof archiveVersion;
  createdAt: string;
  source: {
    database: 'pglite' | 'postgres';
    postgres: string;
    storage: 'local-disk' | 's3';
    siteUrl: string;
  };
  /** The database's migration level: how many of the journal's migrations it had, and the last one's. */
  migrations: { count: number; lastWhen: number | null; lastTag: string | null };
  /** In the order they load (a table after those it refers to). */
  tables: ManifestTable[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  objects: ManifestObject[];
  dataFiles: ManifestDataFile[];
  entries: Record<string, { bytes: number; sha256: string }>;
}

/** The archive cannot be used: says why, for the operator. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

export interface ArchiveSummary {
  bytes: number;
  sha256: string;
}

/** Streams entries into a tar.gz on `out`, computing each entry's checksum. */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;
  private readonly hash = createHash('sha256');
  private bytes = 0;
  readonly entries: Record<string, { bytes: number; sha256: string }> = {};

  constructor(out: Writable) {
    const tap = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.hash.update(chunk);
        this.bytes += chunk.length;
        callback(null, chunk);
      },
    });
    this.written = pipeline(this.pack, createGzip({ level: 6 }), tap, out);
    // Reported by finish(); without this an early failure would be an unhandled rejection.
    this.written.catch(() => {});
  }

  async add(name: string, content: Buffer, options: { mode?: number; mtime?: Date } = {}): Promise<void> {
    if (name in this.entries || name === manifestName) throw new Error(`Duplicate archive entry ${name}`);
    this.entries[name] = { bytes: content.length, sha256: sha256(content) };
    await new Promise<void>((resolve, reject) => {
      this.pack.entry(
        { name, size: content.length, mode: options.mode ?? 0o600, mtime: options.mtime ?? new Date() },
        content,
        (error) => (error ? reject(error) : resolve()),
      );
      // A failed output ends the pack without calling back.
      this.written.catch(reject);
    });
  }

  /** Writes the manifest (with the entries' checksums) last and closes the archive. */
  async finish(manifest: Omit<Manifest, 'entries'>): Promise<{ manifest: Manifest; archive: ArchiveSummary }> {
    const complete: Manifest = { ...manifest, entries: this.entries };
    const content = Buffer.from(JSON.stringify(complete, null, 1));
    await new Promise<void>((resolve, reject) => {
      this.pack.entry({ name: manifestName, size: content.length, mode: 0o600 }, content, (error) =>
        error ? reject(error) : resolve(),
      );
      this.written.catch(reject);
    });
    this.pack.finalize();
    await this.written;
    return { manifest: complete, archive: { bytes: this.bytes, sha256: this.hash.digest('hex') } };
  }

  /** Ends a failed archive. */
  abort(error: Error) {
    this.pack.destroy(error);
  }
}

export const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** The most bytes an entry of each kind may have: a restore holds a database part whole, streams the rest. */
export const entryCaps = {
  /** A part of a table as dumpDatabase writes it. */
  db: 8 * 1024 * 1024,
  /** A stored object: above any photo the site accepts (15 MB) and any project photo variant. */
  objects: 60 * 1000 * 1000,
  /** A file of DATA_DIR (the upload secret, an e-mail of the outbox). */
  data: 1024 * 1024,
  manifest: 64 * 1024 * 1024,
} as const;

/** The cap of an entry by its name, or null for a name no backup writes. */
export function entryCap(name: string): number | null {
  if (name === manifestName) return entryCaps.manifest;
  const kind = /^(db|objects|data)\//.exec(name)?.[1] as 'db' | 'objects' | 'data' | undefined;
  return kind ? entryCaps[kind] : null;
}

/** The entries the manifest refers to: its tables' parts, its objects and its data files. */
export function referencedEntries(manifest: Manifest): Set<string> {
  return new Set([
    ...manifest.tables.flatMap((table) => table.parts),
    ...manifest.objects.map((object) => object.entry),
    ...manifest.dataFiles.map((file) => file.entry),
  ]);
}

/** An entry's bytes as they are read: a stream of it (the last chunk is held back until its checksum is confirmed). */
export interface ArchiveEntry {
  name: string;
  bytes: number;
  content: Readable;
}

/** Reads an entry whole: only for entries whose cap bounds them (database parts, data files). */
export async function entryBytes(entry: ArchiveEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads every entry of the archive in order, streaming: no entry is held whole (but the
 * manifest). Each entry but the manifest is handed to `onEntry` as a stream, which ends only
 * once its checksum matched `expected` (when given; otherwise it errors), so a destination that
 * commits at the stream's end never commits altered bytes. An entry over its kind's cap
 * (entryCaps), of a name no backup writes, or (with `expected`) that the manifest does not refer
 * to is refused as soon as its header is read. The manifest, which must come last, is checked
 * against every entry read and returned. Throws ArchiveError when the archive is truncated,
 * damaged, altered or not a backup.
 */
export async function readArchive(
  input: Readable,
  options: {
    onEntry?: (entry: ArchiveEntry) => Promise<void> | void;
    expected?: Manifest;
  } = {},
): Promise<{ manifest: Manifest; archive: ArchiveSummary }> {
  const extract = tar.extract();
  const seen = new Map<string, { bytes: number; sha256: string }>();
  const referenced = options.expected ? referencedEntries(options.expected) : null;
  let manifest: Manifest | undefined;
  const whole = createHash('sha256');
  let wholeBytes = 0;
  const tap = new PassThrough();
  tap.on('data', (chunk: Buffer) => {
    whole.update(chunk);
    wholeBytes += chunk.length;
  });

  const reading = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      const size = entry.header.size ?? 0;
      if (entry.header.type !== 'file') throw new ArchiveError(`The archive holds an unexpected entry, ${name}.`);
      if (manifest) throw new ArchiveError(`The archive goes on after its manifest (${name}): it was altered.`);
      const cap = entryCap(name);
      if (cap === null) throw new ArchiveError(`The archive holds ${name}, which no backup writes: it was altered.`);
      if (size > cap)
        throw new ArchiveError(
          `${name} in the archive is ${size} bytes, more than the ${cap} an entry of its kind may have: it was altered.`,
        );
      if (name === manifestName) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = parseManifest(Buffer.concat(chunks));
        continue;
      }
      if (seen.has(name)) throw new ArchiveError(`The archive holds ${name} twice: it was altered.`);
      const want = options.expected?.entries[name];
      if (referenced && (!want || !referenced.has(name)))
        throw new ArchiveError(`${name} in the archive is not one its manifest refers to: it was altered.`);
      if (want && want.bytes !== size)
        throw new ArchiveError(`${name} in the archive changed since it was checked: nothing more is read from it.`);
      const summary = { bytes: 0, sha256: '' };
      seen.set(name, summary);
      const content = Readable.from(checked(entry, name, cap, want, summary), { objectMode: false });
      await options.onEntry?.({ name, bytes: size, content });
      // Whatever onEntry left unread is read (and checked) here.
      for await (const chunk of content) void chunk;
    }
  })();
  try {
    await Promise.all([pipeline(input, tap, createGunzip(), extract), reading]);
  } catch (error) {
    extract.destroy();
    input.destroy();
    throw asArchiveError(error);
  }
  if (!manifest)
    throw new ArchiveError(
      'The archive has no manifest at its end: it is incomplete (a copy cut short?) or not a backup of this site.',
    );
  checkEntries(manifest, seen);
  return { manifest, archive: { bytes: wholeBytes, sha256: whole.digest('hex') } };
}

/**
 * An entry's chunks, counted and hashed; the last one is given only once the whole entry matched
 * `want` (so a consumer never sees the end of altered bytes), and `summary` is then filled in.
 */
async function* checked(
  entry: AsyncIterable<unknown>,
  name: string,
  cap: number,
  want: { bytes: number; sha256: string } | undefined,
  summary: { bytes: number; sha256: string },
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let bytes = 0;
  let held: Buffer | null = null;
  for await (const data of entry) {
    const chunk = data as Buffer;
    bytes += chunk.length;
    if (bytes > cap) throw new ArchiveError(`${name} in the archive is larger than its header says: it was altered.`);
    hash.update(chunk);
    if (held) yield held;
    held = chunk;
  }
  summary.bytes = bytes;
  summary.sha256 = hash.digest('hex');
  if (want && (want.sha256 !== summary.sha256 || want.bytes !== summary.bytes))
    throw new ArchiveError(`${name} in the archive changed since it was checked: nothing more is read from it.`);
  if (held) yield held;
}

/** Reads the whole archive in `file` and checks it (see readArchive). */
export function verifyArchiveFile(file: string) {
  return readArchive(createReadStream(file));
}

function asArchiveError(error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  const err = error as NodeJS.ErrnoException;
  if (err.code === 'ENOENT' || err.code === 'EACCES' || err.code === 'EISDIR') return error as Error;
  const message = String(err.message ?? error);
  if (err.code === 'Z_BUF_ERROR' || /unexpected end/i.test(message))
    return new ArchiveError('The archive ends too early: it is incomplete (a copy cut short?), so nothing is used.');
  if (err.code?.startsWith('Z_') || /header|tar|checksum|incorrect/i.test(message))
    return new ArchiveError(`The archive is damaged (${message}), so nothing is used.`);
  return error as Error;
}

function parseManifest(content: Buffer): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(content.toString('utf8')) as Manifest;
  } catch {
    throw new ArchiveError('The archive manifest is not readable: it was altered or damaged.');
  }
  if (manifest?.format !== archiveFormat) throw new ArchiveError('This archive is not a backup of this site.');
  if (manifest.version !== archiveVersion)
    throw new ArchiveError(
      `This backup is of format ${String(manifest.version)}; this version of the site reads format ${archiveVersion}. Update the site first.`,
    );
  return manifest;
}

/** Every entry read is in the manifest with its checksum, every entry of the manifest was read, and the names make sense. */
function checkEntries(manifest: Manifest, seen: Map<string, { bytes: number; sha256: string }>) {
  const listed = manifest.entries ?? {};
  for (const [name, summary] of seen) {
    const want = listed[name];
    if (!want) throw new ArchiveError(`${name} in the archive is not in its manifest: it was altered.`);
    if (want.sha256 !== summary.sha256 || want.bytes !== summary.bytes)
      throw new ArchiveError(`${name} in the archive does not match its checksum: it was altered or damaged.`);
  }
  for (const name of Object.keys(listed))
    if (!seen.has(name)) throw new ArchiveError(`${name} is missing from the archive: it is incomplete.`);
  const referenced = referencedEntries(manifest);
  for (const name of referenced)
    if (!seen.has(name)) throw new ArchiveError(`${name} is missing from the archive: it is incomplete.`);
  // Every entry must be something the restore puts somewhere: anything else is refused, whatever its size.
  for (const name of seen.keys())
    if (!referenced.has(name))
      throw new ArchiveError(
        `${name} in the archive is not a table part, stored file or data file of its manifest: refused.`,
      );
  for (const object of manifest.objects)
    if (object.bytes > entryCaps.objects)
      throw new ArchiveError(`The archive's stored file ${object.name} is larger than any the site keeps: refused.`);
  for (const object of manifest.objects)
    if (!isSafeObjectName(object.name)) throw new ArchiveError(`The archive names an object ${object.name}: refused.`);
  for (const file of manifest.dataFiles)
    if (!isSafeObjectName(file.path)) throw new ArchiveError(`The archive names a file ${file.path}: refused.`);
}
