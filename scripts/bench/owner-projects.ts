import { createProjectPhotos } from '../../server/services/projects/project-photos';
import { createProjects } from '../../server/services/projects/projects';
import { phonePhoto } from '../../server/test/http';
import { waitForPageWith, withOwnerDatabase } from './owner-data';

/** The titles of the projects `publishOwnerProjects` puts on the site (the pages show them once rendered). */
export const benchProjectTitles = ['Cedar Deck Rebuilt', 'Deck Stairs Made Safe', 'Railing and Deck Boards'];

/**
 * Publishes three deck projects into the embedded database of `dataDir` the way the owner's
 * Publish does: phone photos (2000x1500 JPEGs) through the server's photo pipeline (every size
 * and format, on disk where the server serves them), the share image, then the save. Run before
 * the server opens the database.
 */
export async function publishOwnerProjects(dataDir: string): Promise<void> {
  await withOwnerDatabase(dataDir, async (database, images) => {
    const photos = createProjectPhotos({ database, images });
    const projects = createProjects({ database });
    for (const [index, title] of benchProjectTitles.entries()) {
      const before = await photos.add(await phonePhoto({ width: 2000, height: 1500, colour: '#6b4a2b' }));
      const after = await photos.add(await phonePhoto({ width: 2000, height: 1500, colour: '#c89b5e' }));
      await photos.ensureShareImage(before.id, after.id);
      await projects.save(
        `00000000-0000-4000-8000-00000000000${index}`,
        {
          title,
          service: 'decks',
          area: 'payson',
          town: '',
          beforePhotoId: before.id,
          afterPhotoId: after.id,
          beforeAlt: `${title}: before`,
          afterAlt: `${title}: after`,
          problem: 'Soft boards and a loose railing after years of snow.',
          solution: 'New joists, decking and a solid railing.',
        },
        'publish',
      );
    }
  });
}

/** Waits until the server at `baseUrl` shows the content version with the projects (its pages are rendered). */
export async function waitForOwnerPages(baseUrl: string): Promise<void> {
  await waitForPageWith(`${baseUrl}/gallery`, benchProjectTitles[0]!, 'the published projects');
}
