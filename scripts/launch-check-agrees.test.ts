import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LaunchItem } from '../shared/launch-list';
import { openBackupChannel } from '../server/services/backup/channel';
import { drawnPictureItems, launchList } from '../server/services/settings/launch-list';
import { savedBusinessDetails } from '../server/services/settings/site-settings';
import { setOwnerPassword } from '../server/services/owner/owner-sessions';
import { silentLogger } from '../server/logger';
import { serveTestApp } from '../server/test/app-fixture';
import { ownBusinessDetails } from '../server/test/business-details';
import { testDatabases } from '../server/test/databases';
import { quickPasswordHash, setupTimeout, tempDir } from '../server/test/http';
import { launchItems, launchItemsOfDatabase } from './launch-check';

const root = path.resolve(import.meta.dirname, '..');
const password = 'ponderosa pine at noon';
const jsonHeaders = { 'Content-Type': 'application/json' };

describe.each(testDatabases)('npm run check:launch and the owner’s app on $kind', (testDb) => {
  const app = serveTestApp(testDb, {
    label: 'launch-agrees',
    apps: [{ launchPictures: () => drawnPictureItems(root) }],
  });
  const site = app.servers[0]!;
  let cookie = '';

  beforeAll(async () => {
    await setOwnerPassword(app.database.transaction, password, quickPasswordHash);
    const response = await fetch(`${site.base}/api/owner/session`, {
      method: 'POST',
      headers: { ...jsonHeaders, Origin: site.base },
      body: JSON.stringify({ password }),
    });
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }, setupTimeout);

  const inApp = async () =>
    (
      (await (await fetch(`${site.base}/api/owner/launch`, { headers: { Cookie: cookie } })).json()) as {
        items: LaunchItem[];
      }
    ).items;

  /** What check:launch lists: from the database, and from a running server through its channel in DATA_DIR. */
  async function checkLaunchLists(): Promise<LaunchItem[][]> {
    const fromDatabase = await launchItemsOfDatabase(app.database, { root, siteUrl: site.base });
    const folder = await tempDir('launch-channel');
    // The running server's channel, answering with the list as server/index.ts makes it.
    const channel = await openBackupChannel({
      dataDir: folder.dir,
      logger: silentLogger,
      backup: () => Promise.reject(new Error('not asked')),
      launchList: () =>
        launchList({
          details: () => savedBusinessDetails(app.database.db),
          pictures: () => drawnPictureItems(root),
          siteUrl: site.base,
        }),
    });
    try {
      const fromServer = await launchItems({ root, dataDir: folder.dir, siteUrl: 'https://ignored.example' });
      expect(fromServer.from).toBe('server');
      return [fromDatabase, fromServer.items];
    } finally {
      await channel?.close();
      await folder.remove();
    }
  }

  it('agree item for item, before and after he saves his own details in the app', async () => {
    const before = await inApp();
    expect(before.map((item) => item.id)).toEqual(expect.arrayContaining(['phone', 'email', 'roc', 'google-review']));
    for (const list of await checkLaunchLists()) expect(list).toEqual(before);

    const saved = await fetch(`${site.base}/api/owner/settings`, {
      method: 'PUT',
      headers: { ...jsonHeaders, Cookie: cookie, Origin: site.base },
      body: JSON.stringify({ ...ownBusinessDetails, currentPassword: password }),
    });
    expect(saved.status).toBe(200);
    const after = await inApp();
    // Every detail is his own now: none is left, in the app or in check:launch.
    expect(after.filter((item) => item.kind === 'business')).toEqual([]);
    expect(after.length).toBeLessThan(before.length);
    for (const list of await checkLaunchLists()) expect(list).toEqual(after);
  });
});
