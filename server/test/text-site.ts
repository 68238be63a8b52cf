import { afterAll, beforeAll } from 'vitest';
import { silentLogger } from '../logger';
import { secretBox, type SecretBox } from '../services/mail-settings/secret-box';
import { createOutboxWorker, type OutboxWorker } from '../services/outbox/outbox-worker';
import { createTextSender } from '../services/texts/text-sender';
import { createTextSettings } from '../services/texts/text-settings';
import { withTexts } from '../services/texts/texts';
import { serveTestApp, type TestAppOptions } from './app-fixture';
import type { TestDatabase } from './databases';
import { setupTimeout } from './http';
import { callAsOwner, signInOwner, type OwnerCall } from './owner-session';
import { standInAccount, startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in';

export interface TextSiteRun {
  base: string;
  standIn: TwilioStandIn;
  /** `/api/owner<path>` signed in. */
  call: (path: string, init?: OwnerCall) => Promise<Response>;
  /** Sends what is due (other messages than texts count as sent). */
  outbox: OutboxWorker;
  /** Another outbox on the same database, as a second server's. */
  secondOutbox: OutboxWorker;
}

/**
 * A site that texts through the Twilio stand-in, for one of testDatabases: the account by the
 * environment (TWILIO_* as the stand-in's), the owner signed in, and an outbox the test runs
 * itself (`outbox.runOnce()`), with `clock` for the quiet hours and the reminder's hour.
 */
export function textSite(
  testDb: TestDatabase,
  setup: { label: string; clock?: () => Date; app?: TestAppOptions; withAccount?: boolean },
) {
  let standIn: TwilioStandIn | undefined;
  const box: SecretBox = { seal: (s) => secretBox(app.dir).seal(s), open: (s) => secretBox(app.dir).open(s) };
  const app = serveTestApp(testDb, { label: setup.label });
  const settings = createTextSettings({
    database: app.database,
    box,
    server: setup.withAccount === false ? undefined : standInAccount,
  });
  beforeAll(async () => {
    standIn = await startTwilioStandIn();
  }, setupTimeout);
  afterAll(async () => {
    await standIn?.close();
  });

  async function run(work: (site: TextSiteRun) => Promise<void>): Promise<void> {
    const stand = standIn!;
    let wake = 0;
    await app.withApp(
      {
        ...setup.app,
        texts: { settings, apiUrl: stand.url, onQueued: () => (wake += 1), clock: setup.clock },
        visitClock: setup.clock,
        estimateClock: setup.clock,
      },
      async (base) => {
        const cookie = await signInOwner(app.database, base);
        const sender = createTextSender({
          database: app.database,
          settings,
          apiUrl: stand.url,
          siteUrl: base,
          clock: setup.clock,
        });
        const dispatch = withTexts({ deliver: async () => {}, isPermanent: () => false }, sender);
        const makeOutbox = () =>
          createOutboxWorker({
            database: app.database,
            deliver: dispatch.deliver,
            isPermanent: dispatch.isPermanent,
            own: { deliver: sender.deliver, isPermanent: sender.isPermanent },
            logger: silentLogger,
            retryBaseMs: 0,
          });
        const call = (path: string, init?: OwnerCall) => callAsOwner(base, cookie, path, init);
        await work({ base, standIn: stand, call, outbox: makeOutbox(), secondOutbox: makeOutbox() });
      },
    );
  }

  return { app, settings, run };
}
