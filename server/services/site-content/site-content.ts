import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { areaNameOf, type PublishedProject, type SiteContent } from '@shared/content/site-content';
import { execute, type Database, type DatabaseHandle } from '../../db/client';
import { picturesInUse } from '../pictures/pictures-in-use';
import { approvedReviews } from '../reviews/reviews';
import { readSiteSettings, savedDetailsOfRow } from '../settings/site-settings';
import { projectPhotos, projects, siteContentVersion, type ProjectPhotoRow } from '../../db/schema';

/** The site's content at one version: what every public page of that version is rendered from. */
export interface VersionedContent {
  version: number;
  /** When the version last moved (the date a changed page shows in the sitemap). */
  changedAt: Date;
  content: SiteContent;
}

/**
 * Reads the whole snapshot and its version in one transaction that sees one moment of the
 * database (REPEATABLE READ), so a change committed meanwhile is in both or in neither.
 * Each kind of owner content adds its list here (issue 32: the approved reviews; issue 41: his
 * business details, whether the sample projects show, and his photos in place of drawings).
 */
export async function loadSiteContent(database: DatabaseHandle): Promise<VersionedContent> {
  return database.transaction(async (tx) => {
    await execute(tx, sqlRepeatableRead);
    const [row] = await tx.select().from(siteContentVersion).where(eq(siteContentVersion.id, 1));
    const settings = await readSiteSettings(tx);
    const content: SiteContent = {
      projects: await publishedProjects(tx),
      reviews: await approvedReviews(tx),
      business: savedDetailsOfRow(settings),
      hideSampleProjects: settings?.hideSampleProjects ?? false,
      pictures: await picturesInUse(tx),
    };
    return { version: row?.version ?? 0, changedAt: row?.changedAt ?? new Date(), content };
  });
}

/** The first statement of the transaction, before any read. */
const sqlRepeatableRead = sql`set transaction isolation level repeatable read`;

const beforePhoto = alias(projectPhotos, 'before_photo');
const afterPhoto = alias(projectPhotos, 'after_photo');

/** Published projects, newest first. A published row always has both photos and every field (projects.ts checks). */
async function publishedProjects(db: Database): Promise<PublishedProject[]> {
  const rows = await db
    .select({ project: projects, before: beforePhoto, after: afterPhoto })
    .from(projects)
    .innerJoin(beforePhoto, eq(beforePhoto.id, projects.beforePhotoId))
    .innerJoin(afterPhoto, eq(afterPhoto.id, projects.afterPhotoId))
    .where(and(eq(projects.status, 'published'), isNotNull(projects.slug), isNotNull(projects.service)))
    .orderBy(desc(projects.publishedAt), desc(projects.id));
  return rows.map(({ project, before, after }) => ({
    id: project.id,
    slug: project.slug!,
    title: project.title,
    service: project.service!,
    area: {
      slug: project.area && project.area !== 'other' ? project.area : null,
      name: areaNameOf(project.area && project.area !== 'other' ? project.area : null, project.town ?? ''),
    },
    before: { photo: uploadedPhoto(before), alt: project.beforeAlt },
    after: { photo: uploadedPhoto(after), alt: project.afterAlt },
    problem: project.problem,
    solution: project.solution,
    publishedAt: (project.publishedAt ?? project.updatedAt).toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  }));
}

export function uploadedPhoto(row: ProjectPhotoRow) {
  return { id: row.id, width: row.width, height: row.height, widths: row.widths, placeholder: row.placeholder };
}
