import type { RequestHandler } from 'express';
import type { DatabaseHandle } from './db/client';
import type { DeliveryKind } from './db/schema';
import type { SiteLookSource } from './http/homeowner-shell';
import type { RenderQuotePage } from './http/quote-page';
import type { SiteOrigins } from './http/site-origins';
import type { Logger } from './logger';
import type { PdfMaker, PdfMakerOptions } from './services/pdf/pdf-maker';
import type { EstimateDefaults } from './services/estimates/estimate-settings';
import type { SignInLimits } from './services/owner/sign-in';
import type { PasswordResetLimits, ResetMailSetup } from './services/owner/password-reset';
import type { VapidKeys } from './services/push/vapid-keys';
import type { VisitLimitSettings } from './services/visits/visit-limits';
import type { TextsSetup } from './services/texts/texts';
import type { ReviewRequestSettings } from './services/reviews/review-requests';
import type { SiteContentWatcher } from './services/site-content/content-watcher';
import type { PhotoStorage } from './services/storage/types';
import type { SiteImageStore } from './services/storage/site-images';
import type { SetupLinks } from './services/owner/setup-link';
import type { MailSettings } from './services/mail-settings/mail-settings';
import type { SettingsEnvironment } from './routes/owner-settings';
import type { LaunchItem } from '@shared/launch-list';

/** What createApp (server/app.ts) is built from: the database, the stores and services, and settings. */
export interface AppDeps {
  database: DatabaseHandle;
  /** Where quote photos go: local disk or S3 (server/services/storage). */
  storage: PhotoStorage;
  /** Where the owner's project photos go, made into their variants: local disk or S3. Unset: none (tests of other parts). */
  siteImages?: SiteImageStore;
  /** Serves the site's pages and assets (prerendered build in production, Vite in development). */
  site?: RequestHandler;
  /** The site's stylesheet and fonts for the homeowner's pages from e-mails (homeowner-shell.ts); unset: their own styles only. */
  siteLook?: SiteLookSource;
  /** The contact page as the answer to the quote form posted without JavaScript (POST /contact). */
  renderQuotePage?: RenderQuotePage;
  /** Production: strict security headers. Development keeps them off so Vite's HMR scripts run. */
  secureHeaders?: boolean;
  logRequests?: boolean;
  /** Requests per minute and IP on each POST endpoint (RATE_LIMIT_PER_MINUTE); 0 or unset: no limit. */
  rateLimitPerMinute?: number;
  /** Express 'trust proxy' (TRUST_PROXY): which proxies may tell the client IP, protocol and host. */
  trustProxy?: boolean | number | string;
  /** The site's configured origins (SITE_URL, ALLOWED_ORIGINS, loopback): photo links must be on one. */
  origins: SiteOrigins;
  logger?: Logger;
  /** What each stored request sends (owner alert, confirmation, webhook); none by default. */
  deliveryKinds?: readonly DeliveryKind[];
  /** Called once a request with deliveries is committed: wakes the outbox worker. */
  onQuoteStored?: () => void;
  /**
   * The server's VAPID key pair, loaded once (vapidKeysLoader): the same loader signs the pushes in
   * server/index.ts. Unset: a loader of the pair kept in the database.
   */
  vapidKeys?: () => Promise<VapidKeys>;
  /** PUSH_SERVICE_HOSTS: where the owner's push subscriptions may point; unset: the browsers' own. */
  pushServiceHosts?: readonly string[];
  /** How many of the owner's passwords are checked in 15 minutes (tests that sign in often raise them). */
  signInLimits?: Partial<SignInLimits>;
  /**
   * What the owner published, per content version (started by server/index.ts, which renders the
   * pages from it). Unset: a watcher of this database that is not polling; a change made through
   * this app still shows at once (tests).
   */
  siteContent?: SiteContentWatcher;
  /** True once the server is shutting down: answers then close their connection. */
  isClosing?: () => boolean;
  /** Called after a visit was booked, moved or cancelled: wakes the outbox worker. */
  onVisitChanged?: () => void;
  /** The time for the estimate visits' windows; tests pass a fake clock. */
  visitClock?: () => Date;
  /**
   * How many visits homeowners may hold (VISIT_LIMIT_PER_ADDRESS, and one per e-mail or phone:
   * services/visits/visit-limits.ts). Unset: none (tests of other parts).
   */
  visitLimits?: VisitLimitSettings;
  /** When Job done sends the review request (REVIEW_REQUEST_DELAY_MINUTES, REVIEW_REMINDER_DAYS); unset: the defaults. */
  reviewRequests?: ReviewRequestSettings;
  /** Called once review e-mails were written to the outbox: wakes the outbox worker. */
  onReviewRequestScheduled?: () => void;
  /** Where /r/<token> sends the homeowner; unset: the Google review link of the site's content (saved, else business.ts's). */
  googleReviewUrl?: string;
  /** "Forgot the password?": whether mail can carry the link, and where; unset: no link can be sent. */
  passwordReset?: {
    mail: ResetMailSetup;
    /** Called once a link's e-mail is in the outbox: wakes the outbox worker. */
    onWritten?: () => void;
    limits?: Partial<PasswordResetLimits>;
    /** Tests: a fake clock. */
    now?: () => Date;
  };
  /** ESTIMATE_TAX_RATE and ESTIMATE_FOLLOW_UP_DAYS: the estimates' defaults until the owner saves his own. */
  estimateDefaults?: EstimateDefaults;
  /**
   * The stored PDFs (services/pdf), shared with the e-mails that attach them (server/index.ts).
   * Unset: a maker of the app's own on its storage, telling `onPdfMade` of each PDF made.
   */
  pdfs?: PdfMaker;
  onPdfMade?: PdfMakerOptions['onMade'];
  /** The time for the estimates (valid until, approvals); tests pass a fake clock. */
  estimateClock?: () => Date;
  /** Called after an estimate's or an invoice's messages were written to the outbox: wakes the outbox worker. */
  onEstimateEnqueued?: () => void;
  /** INVOICE_REMINDER_DAYS: days past an invoice's due date when a reminder goes; unset: 3 and 10. Invoices run on estimateClock. */
  invoiceReminderDays?: readonly number[];
  /** What the environment says about the owner's settings (BUSINESS_HOURS set; OWNER_EMAIL, his mail until he saves an E-mail). */
  settingsEnvironment?: SettingsEnvironment;
  /** The drawn pictures and placeholder QR codes still in images/, for the launch list; unset: none. */
  launchPictures?: () => LaunchItem[] | Promise<LaunchItem[]>;
  /** The owner changed the site's E-mail: the notice to the old address is in the outbox (server/index.ts wakes it). */
  onOwnerEmailChanged?: (change: { previous: string; next: string }) => Promise<void> | void;
  /** E-mail sending in Settings (server/services/mail-settings); unset: no such card's API. */
  mailSettings?: { settings: MailSettings; dnsServers?: readonly string[]; onSaved?: () => void };
  /** Texts through the owner's Twilio account (server/services/texts); unset: none (tests of other parts). */
  texts?: TextsSetup;
  /** The first password's set-up links; unset: made of the database (tests of the set-up page). */
  setup?: SetupLinks;
  /** The time page views are counted at (their Arizona day); tests pass a fake clock. */
  viewClock?: () => Date;
}
