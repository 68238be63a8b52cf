import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import { businessHoursOfWeek } from '@shared/business-hours';
import { siteBusiness } from '@shared/content/site-content';
import { createEmailChangedMail } from './services/settings/email-changed-mail';
import { drawnPictureItems, launchList } from './services/settings/launch-list';
import { ownerContactEmail, ownerMailAddress, savedBusinessDetails } from './services/settings/site-settings';
import { ownMessageSenders } from './services/outbox/own-messages';
import { createApp } from './app';
import { DatabaseInUseError, openDatabase, type DatabaseHandle } from './db/client';
import { isDatabaseUnavailable } from './db/errors';
import { parseEnv } from './env';
import { devSite } from './http/dev-site';
import { productionSiteLook } from './http/homeowner-shell';
import { productionQuotePage } from './http/quote-page';
import { loopbackOrigins, siteOrigins } from './http/site-origins';
import { productionSite } from './http/production-site';
import { createLogger, safeError, stackFrames } from './logger';
import { packageRoot } from './package-root';
import { picturesInUse } from './services/pictures/pictures-in-use';
import { announceSetupLink, keepDataDirPrivate } from './start-up';
import { createAlertDispatch, deliveryKindsFor } from './services/alerts/dispatch';
import { createConfiguredMailer } from './services/mail-settings/configured-mailer';
import { createMailSettings } from './services/mail-settings/mail-settings';
import { secretBox } from './services/mail-settings/secret-box';
import { createSetupLinks } from './services/owner/setup-link';
import { createSetupLinkMail } from './services/owner/setup-link-mail';
import { writeBackup } from './services/backup/backup';
import { openBackupChannel } from './services/backup/channel';
import { backupFailureMessage, createBackupScheduler } from './services/backup/scheduler';
import { configuredDestination, siteBackupSource, warnIfSameDisk } from './services/backup/site';
import { backupBeforeMigrations } from './services/backup/before-migrations';
import { createMaintenance } from './services/maintenance';
import { createOutboxWorker } from './services/outbox/outbox-worker';
import { textsOfEnv, withTexts } from './services/texts/texts';
import { createPasswordChangedMail } from './services/owner/password-changed-mail';
import { createPasswordResetMail, ownerResetAddress } from './services/owner/password-reset-mail';
import { combineDispatch, createPushDispatch } from './services/push/push-dispatch';
import { vapidKeysLoader, vapidSubject } from './services/push/vapid-keys';
import { createReminderWorker } from './services/reminders/reminder-worker';
import { createContentWatcher } from './services/site-content/content-watcher';
import { createVisitMail, visitPushPayload } from './services/visits/visit-dispatch';
import { visitPathFor } from './services/visits/visit-service';
import { createEstimateMail, estimatePushPayload } from './services/estimates/estimate-dispatch';
import { createInvoiceMail } from './services/invoices/invoice-dispatch';
import { qrCodes, qrPicturesOf } from './services/invoices/invoice-qr';
import { loadEverythingNow } from './services/first-use';
import { openConfiguredStorage, openSiteImages } from './services/storage/open';
import { loggedPdfMaker } from './services/pdf/pdf-maker';

const env = parseEnv();
const logger = createLogger({ level: env.LOG_LEVEL });
const mode = env.NODE_ENV;
// The project's folder: one up from server/index.ts, two up from the build's dist/server/index.js.
const root = packageRoot(path.dirname(fileURLToPath(import.meta.url)));
const dataDir = path.resolve(root, env.DATA_DIR);

process.on('uncaughtException', (error) => {
  logger.fatal({ error: safeError(error), at: stackFrames(error) }, 'uncaught exception');
  process.exit(1);
});

let closing = false;
await keepDataDirPrivate(dataDir, env, logger);
const storage = await openConfiguredStorage(env, dataDir);
// Backups: nightly to BACKUP_DIR or BACKUP_S3_PREFIX, and before an update's migrations (at opening).
const backupDestination = configuredDestination(env, root);
const backupLogger = logger.child({ component: 'backup' });
const backupSourceOn = (database: DatabaseHandle) =>
  siteBackupSource(env, { database, storage, dataDir, destination: backupDestination });
const database = await openDatabaseWhenReachable();
const siteImages = openSiteImages(env, dataDir);

const httpServer = createServer();
// What the owner published (projects...): checked every few seconds; the pages follow each version.
const siteContent = createContentWatcher({
  database,
  intervalMs: env.CONTENT_CHECK_SECONDS * 1000,
  logger: logger.child({ component: 'site-content' }),
});
// Production serves the prerendered build (the owner's content rendered per content version);
// development renders through Vite; `test` (the process-level tests in server/) serves the API only.
const dev =
  mode === 'development'
    ? await devSite(httpServer, root, env.SITE_URL, () => siteContent.current().content)
    : undefined;
const site: RequestHandler | undefined =
  mode === 'production'
    ? await productionSite({ root, siteUrl: env.SITE_URL, dataDir, siteContent, logger })
    : dev?.handler;
await siteContent.start();
const origins = siteOrigins(env.SITE_URL, [...env.ALLOWED_ORIGINS, ...loopbackOrigins(env.PORT)]);

// Mail follows the settings saved in the app (E-mail sending), else SMTP_URL, read at each message.
const box = secretBox(dataDir);
const mailSettings = createMailSettings({
  database,
  box,
  serverUrl: env.SMTP_URL,
  serverFrom: env.MAIL_FROM,
});
const mailer = await createConfiguredMailer({
  settings: mailSettings,
  outboxDir: path.join(dataDir, 'outbox'),
  logger: logger.child({ component: 'mail' }),
});
const webhook = env.ALERT_WEBHOOK_URL ? { url: env.ALERT_WEBHOOK_URL, secret: env.ALERT_WEBHOOK_SECRET } : undefined;
/** The business facts as this server's pages show them now (the owner's saved ones, else business.ts's). */
const currentBusiness = () => siteBusiness(siteContent.current().content);
/** Where his mail goes: the E-mail the owner saved in his settings; until then OWNER_EMAIL (else business.ts's). */
const ownerEmail = () => ownerMailAddress(siteContent.current().content.business, env.OWNER_EMAIL);
// Read at each message, from the content this process has just checked (the outbox below).
const alertSettings = {
  from: env.MAIL_FROM,
  siteUrl: origins.primary,
  get ownerEmail() {
    return ownerEmail();
  },
  get business() {
    return currentBusiness();
  },
};
// The PDFs the pages serve and the e-mails attach: made on a worker thread once, then read from storage.
const pdfs = loggedPdfMaker(storage.objects, logger.child({ component: 'pdf' }));
const visitPaths = visitPathFor(database);
const dispatch = createAlertDispatch({
  database,
  storage,
  mailer,
  settings: alertSettings,
  origins: origins.all,
  webhook,
  visitPathFor: visitPaths,
  visitMail: createVisitMail({ database, mailer, settings: alertSettings, pathFor: visitPaths }),
  estimateMail: createEstimateMail({ database, mailer, settings: alertSettings, pdfs }),
  invoiceMail: createInvoiceMail({
    database,
    mailer,
    settings: alertSettings,
    pdfs,
    qr: () => qrCodes(qrPicturesOf(siteContent.current().content.pictures), siteImages),
  }),
});
// One loader for the pushes and the inbox's subscribe key: both read the same pair, loaded once.
const vapidKeys = vapidKeysLoader(
  database,
  env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
    ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
    : undefined,
);
const push = createPushDispatch({
  database,
  keys: vapidKeys,
  subject: vapidSubject(origins.primary, ownerEmail()),
  pushServiceHosts: env.PUSH_SERVICE_HOSTS,
  visitPayload: visitPushPayload(database),
  estimatePayload: estimatePushPayload(database),
});
// Texts through the owner's Twilio account (saved in the app, else TWILIO_*), sent by the outbox as kind 'text'.
const texts = textsOfEnv(database, box, env, origins.primary);
const sender = withTexts(combineDispatch(dispatch, push), texts.sender);
// "Forgot the password?" and the set-up link: to the alerts' address, read from the database as they are sent. Mail
// is set up in the app or with SMTP_URL; the .eml folder counts too, but only on a development server (its reader is the developer).
const resetAddress = async () =>
  ownerResetAddress({ ownerEmail: await ownerContactEmail(database.db, env.OWNER_EMAIL) });
const resetMail = { ready: async () => mode !== 'production' || (await mailer.sendsBySmtp()), address: resetAddress };
const setupLinks = createSetupLinks({ database, onWritten: () => outbox.wake() });
const ownMail = { database, mailer, settings: { from: env.MAIL_FROM, siteUrl: origins.primary } };
const outbox = createOutboxWorker({
  database,
  // Each message is built from the content as the database has it now (another process may have saved a new E-mail).
  deliver: async (delivery) => {
    await siteContent.refresh();
    return sender.deliver(delivery);
  },
  isPermanent: sender.isPermanent,
  own: ownMessageSenders({
    owner_password_reset: createPasswordResetMail({ ...ownMail, address: resetAddress }),
    owner_email_changed: createEmailChangedMail(ownMail),
    owner_password_changed: createPasswordChangedMail({ ...ownMail, address: resetAddress }),
    owner_setup_link: createSetupLinkMail({ ...ownMail, address: resetAddress }),
    text: texts.sender,
  }),
  probeMail: () => mailer.verify(),
  logger: logger.child({ component: 'outbox' }),
  retryBaseMs: env.OUTBOX_RETRY_SECONDS * 1000,
  leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
});
const reminders = createReminderWorker({
  database,
  thresholds: env.LEAD_REMINDER_MINUTES,
  hours: env.BUSINESS_HOURS ?? (() => businessHoursOfWeek(siteContent.current().content.business?.hours)),
  logger: logger.child({ component: 'reminders' }),
  onEnqueued: () => outbox.wake(),
});
const maintenance = createMaintenance({
  database,
  storage,
  siteImages,
  viewDataDays: env.VIEW_DATA_DAYS,
  logger: logger.child({ component: 'maintenance' }),
});

// On the embedded database, `npm run backup` asks this process for one (server/services/backup/channel.ts).
const backupSource = backupSourceOn(database);
const nightlyBackups = backupDestination
  ? createBackupScheduler({
      source: backupSource,
      destination: backupDestination,
      hour: env.BACKUP_HOUR,
      keep: env.BACKUP_KEEP,
      logger: backupLogger,
      notifyFailure: async (error) => {
        await mailer.send(
          backupFailureMessage(error, {
            from: env.MAIL_FROM,
            ownerEmail: ownerEmail(),
            siteUrl: origins.primary,
            destination: backupDestination.description,
          }),
        );
      },
    })
  : undefined;
if (backupDestination?.localFolder) await warnIfSameDisk(backupDestination.localFolder, dataDir, backupLogger);
/** The drawn pictures not yet replaced (by a photo file, or by the owner's own at /owner/photos), as the launch list names them. */
const launchPictures = async () => drawnPictureItems(root, await picturesInUse(database.db));
const backupChannel =
  database.kind === 'pglite'
    ? await openBackupChannel({
        dataDir,
        logger: backupLogger,
        backup: (out) => writeBackup(backupSource, out),
        // `npm run check:launch` asks here: the same list as the owner's app (GET /api/owner/launch).
        launchList: () =>
          launchList({
            details: () => savedBusinessDetails(database.db),
            pictures: launchPictures,
            siteUrl: origins.primary,
          }),
      })
    : null;

if (env.TRUST_PROXY === true) {
  logger.warn(
    'TRUST_PROXY=true believes any X-Forwarded-For, so every visitor can claim any address: set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=loopback, 10.0.0.0/8) instead',
  );
}
const app = createApp({
  database,
  storage,
  siteImages,
  site,
  renderQuotePage:
    mode === 'production' ? productionQuotePage(path.join(root, 'dist'), env.SITE_URL) : dev?.renderQuotePage,
  siteLook: mode === 'production' ? productionSiteLook(path.join(root, 'dist', 'client')) : dev?.siteLook,
  origins,
  logger,
  secureHeaders: mode === 'production',
  logRequests: env.LOG_REQUESTS ? env.LOG_REQUESTS === 'true' : mode === 'production',
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  trustProxy: env.TRUST_PROXY,
  visitLimits: { perAddress: env.VISIT_LIMIT_PER_ADDRESS },
  deliveryKinds: deliveryKindsFor({ webhook: Boolean(webhook) }),
  onQuoteStored: () => outbox.wake(),
  onVisitChanged: () => outbox.wake(),
  texts: { settings: texts.settings, apiUrl: texts.apiUrl, onQueued: () => outbox.wake() },
  vapidKeys,
  pushServiceHosts: env.PUSH_SERVICE_HOSTS,
  siteContent,
  isClosing: () => closing,
  reviewRequests: { delayMinutes: env.REVIEW_REQUEST_DELAY_MINUTES, reminderDays: env.REVIEW_REMINDER_DAYS },
  onReviewRequestScheduled: () => outbox.wake(),
  passwordReset: { mail: resetMail, onWritten: () => outbox.wake() },
  estimateDefaults: { taxRate: env.ESTIMATE_TAX_RATE, followUpDays: env.ESTIMATE_FOLLOW_UP_DAYS },
  onEstimateEnqueued: () => outbox.wake(),
  invoiceReminderDays: env.INVOICE_REMINDER_DAYS,
  pdfs,
  launchPictures,
  settingsEnvironment: { businessHours: env.BUSINESS_HOURS !== undefined, ownerEmail: env.OWNER_EMAIL },
  // The notice to the old address was written to the outbox with the change.
  onOwnerEmailChanged: () => outbox.wake(),
  // Saved mail settings may let mail waiting in the outbox go now.
  mailSettings: { settings: mailSettings, dnsServers: env.DNS_SERVERS, onSaved: () => outbox.wake() },
  setup: setupLinks,
});
httpServer.on('request', app);

if (env.LOAD_EAGERLY === 'true') {
  // What is otherwise loaded on first use, loaded before the server answers (services/first-use.ts).
  const loaded = await loadEverythingNow();
  logger.info({ loaded }, 'LOAD_EAGERLY=true: loaded at start');
}

await announceSetupLink(setupLinks, {
  mailReady: await resetMail.ready(),
  siteUrl: origins.primary,
  logger,
});

httpServer.listen(env.PORT, env.HOST, () => {
  logger.info(
    {
      port: env.PORT,
      mode,
      database: database.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}/`,
      photos: storage.kind === 's3' ? `S3 bucket ${env.S3_BUCKET}` : `${env.DATA_DIR}/uploads/`,
      mail: mailer.kind === 'smtp' ? 'SMTP (saved in the app, else SMTP_URL)' : `written to ${env.DATA_DIR}/outbox/`,
      webhook: Boolean(webhook),
    },
    `Site ready on http://localhost:${env.PORT}`,
  );
  outbox.start();
  reminders.start();
  maintenance.start();
  nightlyBackups?.start();
  if (nightlyBackups)
    logger.info(
      {
        destination: backupDestination?.description,
        next: nightlyBackups.nextRun().toISOString(),
        keep: env.BACKUP_KEEP,
      },
      'nightly backups on',
    );
});

/**
 * The database, once it answers: at start-up Postgres may still be booting or briefly away, so
 * keep trying (a stop signal meanwhile ends the process) instead of exiting.
 */
async function openDatabaseWhenReachable(): Promise<DatabaseHandle> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase({
        databaseUrl: env.DATABASE_URL,
        dataDir,
        logger,
        beforeMigrating: backupBeforeMigrations({
          destination: backupDestination,
          keep: env.BACKUP_KEEP,
          source: backupSourceOn,
          logger: backupLogger,
        }),
      });
    } catch (error) {
      if (error instanceof DatabaseInUseError) {
        logger.fatal(error.message);
        process.exit(1);
      }
      if (!isDatabaseUnavailable(error) || closing) throw error;
      const waitMs = Math.min(10_000, 500 * 2 ** attempt);
      logger.warn({ error: safeError(error), retryInMs: waitMs }, 'database unreachable at start-up, retrying');
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/**
 * Graceful stop: refuse new connections, let requests in flight finish (their answers close
 * the connection), close idle keep-alive connections, let the outbox finish the message it is
 * sending, close the database, exit 0. Whatever is still running after SHUTDOWN_TIMEOUT_SECONDS
 * is cut off and the process exits 1, so a supervisor can tell a clean stop from a forced one.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const timeoutMs = env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  const deadline = Date.now() + timeoutMs;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error({ timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown took too long: forced exit');
    process.exit(1);
  }, timeoutMs).unref();

  const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  // Connections that go idle while draining (a keep-alive client between requests) are closed
  // as soon as they are idle; busy ones end with their answer (Connection: close).
  httpServer.closeIdleConnections();
  const idleSweep = setInterval(() => httpServer.closeIdleConnections(), 100);
  await dev?.close();
  await closed;
  clearInterval(idleSweep);
  await reminders.stop();
  await siteContent.stop();
  await nightlyBackups?.stop();
  await backupChannel?.close();
  const outboxDrained = await outbox.stop(Math.max(0, deadline - Date.now()));
  await maintenance.stop();
  await pdfs.close();
  mailer.close();
  await database.close();
  logger.info({ outboxDrained }, 'closed');
  process.exit(outboxDrained ? 0 : 1);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
