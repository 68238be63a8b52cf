import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { createLocalSiteImages, type SiteImageStore } from '../../server/services/storage/site-images';

/**
 * Runs `work` on the embedded database of `dataDir`, with the folder the server serves the owner's
 * photos from, as his app would write them; closed afterwards. Run before the server opens it.
 */
export async function withOwnerDatabase(
  dataDir: string,
  work: (database: DatabaseHandle, images: SiteImageStore) => Promise<void>,
): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await work(database, createLocalSiteImages(path.join(dataDir, 'uploads', 'project-photos')));
  } finally {
    await database.close();
  }
}

/** Waits until `url` answers with a page holding `text`: the server has rendered what the owner changed. */
export async function waitForPageWith(url: string, text: string, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const page = await fetch(url).catch(() => null);
    if (page?.ok && (await page.text()).includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server never showed ${what}`);
}
