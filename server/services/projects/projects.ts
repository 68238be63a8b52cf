import { desc, eq, inArray, like, or } from 'drizzle-orm';
import type { ProjectDraft, OwnerProject } from '@shared/schemas/owner-projects';
import { projectPhotoMessages, publishableProjectSchema } from '@shared/schemas/owner-projects';
import type { Database, DatabaseHandle } from '../../db/client';
import { projectPhotos, projects, type ProjectPhotoRow, type ProjectRow } from '../../db/schema';
import { HttpError } from '../errors';
import { bumpContentVersion } from '../site-content/content-version';
import { uploadedPhoto } from '../site-content/site-content';

export type SaveAction = 'draft' | 'publish';

/** The page address of a title: lower-case words joined by hyphens, at most 60 characters. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'project';
}

/**
 * The owner's projects. A save is one transaction keyed by the id the app chose, so a retry
 * after a lost answer saves the same project again. Whatever changes a public page (publishing,
 * editing a published project, unpublishing) moves the content version in the same transaction,
 * and `onPublicChange` (the content watcher's refresh, awaited: the answer comes once this server's
 * pages show it) shows it here at once; every other server sees it at its next check. Drafts are
 * never public.
 */
export function createProjects(deps: { database: DatabaseHandle; onPublicChange?: () => Promise<void> }) {
  const { database } = deps;

  async function detail(db: Database, id: string): Promise<OwnerProject | null> {
    const [row] = await db.select().from(projects).where(eq(projects.id, id));
    if (!row) return null;
    const photos = await photosOf(db, [row]);
    return toOwnerProject(row, photos);
  }

  return {
    /** Every project, drafts and published, newest first. */
    async list(): Promise<OwnerProject[]> {
      const rows = await database.db.select().from(projects).orderBy(desc(projects.createdAt), desc(projects.id));
      const photos = await photosOf(database.db, rows);
      return rows.map((row) => toOwnerProject(row, photos));
    },

    detail: (id: string) => detail(database.db, id),

    /**
     * Saves the fields; `publish` also puts it on the site (every field needed: HttpError 400 with
     * the field's message). Saving a published project as a draft takes it off the site.
     */
    async save(id: string, fields: ProjectDraft, action: SaveAction): Promise<OwnerProject> {
      if (action === 'publish') {
        const checked = publishableProjectSchema.safeParse(fields);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          throw new HttpError(400, issue?.message ?? 'The project is not complete.', {
            fieldErrors: Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
          });
        }
      }
      const saved = await database.transaction(async (tx) => {
        const [existing] = await tx.select().from(projects).where(eq(projects.id, id)).for('update');
        await checkPhotos(tx, [fields.beforePhotoId, fields.afterPhotoId]);
        const wasPublic = existing?.status === 'published';
        const now = new Date();
        const values = {
          ...fields,
          town: fields.area === 'other' ? fields.town : null,
          status: action === 'publish' ? ('published' as const) : ('draft' as const),
          updatedAt: now,
          slug: existing?.slug ?? (action === 'publish' ? await freeSlug(tx, fields.title) : null),
          publishedAt: action === 'publish' ? (wasPublic ? (existing?.publishedAt ?? now) : now) : null,
        };
        if (existing) await tx.update(projects).set(values).where(eq(projects.id, id));
        else await tx.insert(projects).values({ id, ...values, createdAt: now });
        const isPublic = action === 'publish';
        if (wasPublic || isPublic) await bumpContentVersion(tx);
        return { project: (await detail(tx, id))!, changedSite: wasPublic || isPublic };
      });
      if (saved.changedSite) await deps.onPublicChange?.();
      return saved.project;
    },

    /** Takes a published project off the site; it stays as a draft. False when there is no such project. */
    async unpublish(id: string): Promise<OwnerProject | null> {
      const result = await database.transaction(async (tx) => {
        const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for('update');
        if (!row) return null;
        if (row.status === 'published') {
          await tx
            .update(projects)
            .set({ status: 'draft', updatedAt: new Date(), publishedAt: null })
            .where(eq(projects.id, id));
          await bumpContentVersion(tx);
        }
        return detail(tx, id);
      });
      if (result) await deps.onPublicChange?.();
      return result;
    },
  };
}

export type Projects = ReturnType<typeof createProjects>;

async function checkPhotos(tx: Database, ids: (string | null)[]): Promise<void> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (!wanted.length) return;
  const found = await tx.select({ id: projectPhotos.id }).from(projectPhotos).where(inArray(projectPhotos.id, wanted));
  if (found.length !== new Set(wanted).size) {
    throw new HttpError(400, projectPhotoMessages.gone);
  }
}

/** The title's slug, or with -2, -3... when another project has it. */
async function freeSlug(tx: Database, title: string): Promise<string> {
  const base = slugOf(title);
  const taken = new Set(
    (
      await tx
        .select({ slug: projects.slug })
        .from(projects)
        .where(or(eq(projects.slug, base), like(projects.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function photosOf(db: Database, rows: ProjectRow[]): Promise<Map<string, ProjectPhotoRow>> {
  const ids = rows.flatMap((row) => [row.beforePhotoId, row.afterPhotoId]).filter((id): id is string => id !== null);
  if (!ids.length) return new Map();
  const found = await db.select().from(projectPhotos).where(inArray(projectPhotos.id, ids));
  return new Map(found.map((photo) => [photo.id, photo]));
}

function toOwnerProject(row: ProjectRow, photos: Map<string, ProjectPhotoRow>): OwnerProject {
  const photo = (id: string | null) => {
    const found = id ? photos.get(id) : undefined;
    return found ? uploadedPhoto(found) : null;
  };
  return {
    id: row.id,
    status: row.status,
    slug: row.slug,
    title: row.title,
    service: row.service ?? null,
    area: row.area ?? null,
    town: row.town ?? '',
    beforePhotoId: row.beforePhotoId,
    afterPhotoId: row.afterPhotoId,
    beforeAlt: row.beforeAlt,
    afterAlt: row.afterAlt,
    problem: row.problem,
    solution: row.solution,
    beforePhoto: photo(row.beforePhotoId),
    afterPhoto: photo(row.afterPhotoId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}
