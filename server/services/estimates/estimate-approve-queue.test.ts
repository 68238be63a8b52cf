import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { migratedPostgresDatabase, postgresReachable, type FreshPostgresDatabase } from '../../test/databases';
import { localTestStorage, setupTimeout, tempDir, validQuote } from '../../test/http';
import { createQuoteService } from '../quote-service';
import { createEstimateAnswers } from './estimate-answers';
import { createEstimateService } from './estimate-service';
import { createEstimateSettings } from './estimate-settings';

const site = 'https://www.rimcountrycarpentry.example';

/**
 * Twenty approvals of one estimate at once on a busy machine: those queued for the row's lock
 * behind the first past the bound on a statement (5 s) were cut and answered 503, though the
 * estimate was approved a moment later. Here another approval holds the row past that bound.
 */
describe.runIf(postgresReachable)('an approval queued behind another on Postgres', () => {
  let created: FreshPostgresDatabase;
  let database: DatabaseHandle;
  let folder: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    created = await migratedPostgresDatabase('approve_queue');
    database = await openDatabase({ databaseUrl: created.url, dataDir: null });
    folder = await tempDir('approve-queue');
  }, setupTimeout);
  afterAll(async () => {
    await database.close();
    await created.drop();
    await folder.remove();
  }, setupTimeout);

  it('answers with the first approval once it is in, not with "try again"', async () => {
    const quotes = createQuoteService({ database, storage: await localTestStorage(folder.dir), deliveryKinds: [] });
    const requestId = (await quotes.submit({ ...validQuote, name: 'Renée Castillo' }, { origins: [site] })).id;
    const settings = createEstimateSettings(database, { taxRate: 0, followUpDays: [] });
    const service = createEstimateService({ database, settings, siteUrl: site });
    const draft = await service.create(requestId, {
      items: [{ description: 'Pergola, 12 × 14 ft', quantity: 1, unitPrice: 6400, optional: false }],
      taxRate: 0,
    });
    await service.send(draft.id, null);
    const token = new URL(draft.url).pathname.split('/').pop()!;

    const other = new pg.Client({ connectionString: created.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from estimates where token = $1 for update', [token]);
      const approving = createEstimateAnswers({ database }).approve(
        token,
        { name: 'Second tab', options: [] },
        { ip: null, userAgent: null },
      );
      const settled = approving.then(
        (record) => ({ record }),
        (error: unknown) => ({ error }),
      );
      // The other approval takes longer than a statement may wait, then is recorded.
      await other.query('select pg_sleep(6.5)');
      await other.query(
        `update estimates set status = 'approved', approved_at = now(), approved_name = 'First tab', approved_total_cents = 640000 where token = $1`,
        [token],
      );
      await other.query('commit');
      expect(await settled).toEqual({ record: { status: 'approved', total: 6400, first: false } });
    } finally {
      await other.end();
    }
  }, 60_000);
});
