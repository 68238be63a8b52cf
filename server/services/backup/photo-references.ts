import type { SqlSession } from '../../db/client';
import { quotePhotoFolder, uuidPattern } from '../storage/types';
import type { Manifest } from './archive';
import { qualified, quoteIdent } from './catalog';

/** A photo the site's rows need, as named in a backup (StoredObjects.nameOf), and what needs it. */
export interface PhotoReference {
  name: string;
  by: string;
}

/**
 * The photos a restore must bring: each quote's photo (the key at the end of its photoUrl,
 * whichever storage it points at) and each project photo's cleaned original (its variants are
 * made from it), and each of the owner's site pictures' original. Tables or columns an older migration level lacks are skipped.
 */
const referencing = [
  {
    table: 'quote_requests',
    column: 'photo_url',
    name: (value: string) => {
      const key = new RegExp(`(${uuidPattern})$`).exec(value)?.[1];
      return key ? `${quotePhotoFolder}/${key}` : null;
    },
    by: (id: string) => `quote request ${id}`,
  },
  {
    table: 'project_photos',
    column: 'id',
    // As originalName (projects/project-photos.ts) names it; not imported, which would load sharp into every restore.
    name: (value: string) => `project-photos/${value}-original.jpg`,
    by: (id: string) => `project photo ${id}`,
  },
  {
    // The owner's photos in place of drawings (services/pictures/): the row names its original.
    table: 'site_pictures',
    column: 'original',
    name: (value: string) => `project-photos/${value}`,
    by: (id: string) => `site picture ${id}`,
  },
];

/** The photos the rows in the database refer to. */
export async function photoReferences(session: SqlSession): Promise<PhotoReference[]> {
  const references: PhotoReference[] = [];
  for (const source of referencing) {
    const [present] = await session.query<{ present: boolean }>(
      `select exists (select 1 from information_schema.columns
                       where table_schema = 'public' and table_name = $1 and column_name = $2) as present`,
      [source.table, source.column],
    );
    if (!present?.present) continue;
    const rows = await session.query<{ id: string; value: string }>(
      `select id::text as id, ${quoteIdent(source.column)}::text as value from ${qualified(source.table)}
        where ${quoteIdent(source.column)} is not null order by 1`,
    );
    for (const row of rows) {
      const name = source.name(row.value);
      if (name) references.push({ name, by: source.by(row.id) });
    }
  }
  return references;
}

/** The references whose photo the archive does not hold. */
export function missingFrom(manifest: Manifest, references: PhotoReference[]): PhotoReference[] {
  const held = new Set(manifest.objects.map((object) => object.name));
  return references.filter((reference) => !held.has(reference.name));
}

/** Why a restore refuses: the missing photos named (the first ten), and what to do. */
export function describeMissing(missing: PhotoReference[]): string {
  const listed = missing.slice(0, 10).map((reference) => `${reference.name} (${reference.by})`);
  const more = missing.length > 10 ? ` and ${missing.length - 10} more` : '';
  return (
    `The backup's rows refer to ${missing.length} photo${missing.length === 1 ? '' : 's'} the archive does not hold: ` +
    `${listed.join(', ')}${more}. Restore from a complete backup, or run again with --allow-missing-photos to restore without ${missing.length === 1 ? 'it' : 'them'}.`
  );
}
