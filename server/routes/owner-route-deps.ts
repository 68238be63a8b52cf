import type { DatabaseHandle } from '../db/client';
import type { SiteOrigins } from '../http/site-origins';
import type { OwnerSessions } from '../services/owner/owner-sessions';
import type { SignInLimits } from '../services/owner/sign-in';
import type { VapidKeys } from '../services/push/vapid-keys';
import type { PhotoStorage } from '../services/storage/types';
import type { ReviewRequestSettings } from '../services/reviews/review-requests';
import type { Reviews } from '../services/reviews/reviews';
import type { OwnerMailDeps } from './owner-mail-settings';
import type { OwnerTextDeps } from './owner-texts';
import type { SetupLinks } from '../services/owner/setup-link';
import { ownerVisitRoutes } from './owner-visits';
import type { OwnerEstimateDeps } from './owner-estimates';
import type { OwnerInvoiceDeps } from './owner-invoices';
import type { SettingsEnvironment } from './owner-settings';
import type { LaunchItem } from '@shared/launch-list';
import type { SiteSettings } from '../services/settings/site-settings';
import type { SitePictures } from '../services/pictures/site-pictures';
import type { ProjectPhotos } from '../services/projects/project-photos';
import type { Projects } from '../services/projects/projects';
import type { SiteImageStore } from '../services/storage/site-images';
import type { PasswordResets } from '../services/owner/password-reset';

/** What the owner's API (routes/owner.ts) is built from. */
export interface OwnerRouteDeps {
  database: DatabaseHandle;
  storage: PhotoStorage;
  origins: SiteOrigins;
  /** Production: the cookie is Secure and named with the __Host- prefix. */
  secureCookie: boolean;
  sessions?: OwnerSessions;
  /** The server's VAPID key pair, loaded once (vapidKeysLoader). */
  vapidKeys: () => Promise<VapidKeys>;
  /** PUSH_SERVICE_HOSTS; unset: the browsers' own (shared/push-service-hosts.ts). */
  pushServiceHosts?: readonly string[];
  /** How many passwords are checked in 15 minutes; unset: signInLimits. */
  signInLimits?: Partial<SignInLimits>;
  /** The estimate visits and the calendar feed (server/services/visits): their owner routes. */
  visits?: Omit<Parameters<typeof ownerVisitRoutes>[1], 'sameOrigin'>;
  /** The reviews (shared with the public review routes). */
  reviews: Reviews;
  /** When Job done sends the review request; unset: the defaults. */
  reviewRequests?: ReviewRequestSettings;
  /** Review e-mails were written to the outbox (wakes its worker). */
  onReviewRequestScheduled?: () => void;
  /** The owner's projects and their photos. */
  projects: { projects: Projects; photos: ProjectPhotos; images: SiteImageStore };
  /** The owner's photos in place of the site's drawn pictures (/owner/photos). */
  pictures?: SitePictures;
  /** "Forgot the password?" (signed out); with its checks per address and minute. */
  passwordResets: { resets: PasswordResets; perMinute: number };
  /** The first password's set-up links (signed out), on the same checks per minute. */
  setup?: SetupLinks;
  /** Text messages (Settings), his texts on a request and the inbox's Texts (routes/owner-texts.ts). */
  texts?: OwnerTextDeps;
  /** E-mail sending (Settings): the saved mail settings, their test and the domain check. */
  mail?: OwnerMailDeps;
  /** The written estimates (server/services/estimates): their owner routes, and each request's list. */
  estimates?: OwnerEstimateDeps;
  /** Invoices, payments and his payment details (server/services/invoices). */
  invoices?: OwnerInvoiceDeps;
  /** The business details and site settings (/owner/settings). */
  settings?: SiteSettings;
  /** What the environment says about the settings (BUSINESS_HOURS set, OWNER_EMAIL). */
  settingsEnvironment?: SettingsEnvironment;
  /** The drawn pictures still in images/, for the launch list. */
  launchPictures?: () => LaunchItem[] | Promise<LaunchItem[]>;
}
