import { eq } from 'drizzle-orm';
import { business } from '@shared/content/business';
import type { SavedBusinessDetails } from '@shared/content/business-facts';
import {
  businessDetailsMessages,
  savedDetailsOf,
  type businessDetailsFormSchema,
} from '@shared/schemas/business-details';
import type { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client';
import { deliveries, ownerEmailChanges, siteSettings, type SiteSettingsRow } from '../../db/schema';
import { HttpError } from '../errors';
import { bumpContentVersion } from '../site-content/content-version';

export const settingsMessages = {
  wrongPassword: 'That is not your current password, so the e-mail address was not changed.',
} as const;

/** The saved business details of a settings row, or null while he has saved none. */
export function savedDetailsOfRow(row: SiteSettingsRow | undefined): SavedBusinessDetails | null {
  if (!row?.detailsSavedAt || !row.phoneDisplay || !row.phoneE164 || !row.email || !row.rocLicense) return null;
  return {
    phoneDisplay: row.phoneDisplay,
    phoneE164: row.phoneE164,
    email: row.email,
    rocLicense: row.rocLicense,
    googleReviewUrl: row.googleReviewUrl ?? business.googleReviewUrl,
    hours: row.hours ?? [],
    musicSiteUrl: row.musicSiteUrl ?? business.musicSite.url,
    songVideoUrl: row.songVideoUrl ?? business.songVideo.url,
  };
}

export async function readSiteSettings(db: Database): Promise<SiteSettingsRow | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row;
}

/** What he saved, or null (the site shows shared/content/business.ts's). */
export async function savedBusinessDetails(db: Database): Promise<SavedBusinessDetails | null> {
  return savedDetailsOfRow(await readSiteSettings(db));
}

/**
 * Where the owner's mail goes (alerts, reminders, reset links, notices): the E-mail he saved in
 * /owner/settings; until he saves one, `defaultEmail` (OWNER_EMAIL), else shared/content/business.ts's.
 */
export function ownerMailAddress(saved: Pick<SavedBusinessDetails, 'email'> | null, defaultEmail?: string): string {
  return saved?.email ?? defaultEmail ?? business.email;
}

/** ownerMailAddress as the database holds it now: what every server process reads at the moment it sends. */
export async function ownerContactEmail(db: Database, defaultEmail?: string): Promise<string> {
  return ownerMailAddress(await savedBusinessDetails(db), defaultEmail);
}

export interface SiteSettings {
  details(): Promise<SavedBusinessDetails | null>;
  /** Where his mail goes now (ownerMailAddress). */
  mailAddress(): Promise<string>;
  /**
   * Saves the business details and moves the content version with them. An E-mail other than
   * where his mail goes now needs the current password, and the notice to that address is written
   * to the outbox in the same transaction (kind owner_email_changed); `onEmailChanged` then wakes the outbox.
   */
  saveDetails(
    form: z.output<typeof businessDetailsFormSchema>,
    /** Checks the current password when the E-mail changes; throws the refusal (the route counts the guess). */
    confirmPassword?: (password: string) => Promise<void>,
  ): Promise<SavedBusinessDetails>;
  hideSampleProjects(): Promise<boolean>;
  setHideSampleProjects(hide: boolean): Promise<boolean>;
}

export function createSiteSettings(deps: {
  database: DatabaseHandle;
  /** OWNER_EMAIL: where his mail goes until he saves an E-mail. */
  defaultEmail?: string;
  /** The public site changed: this server renders it at once (the others within their check). */
  onPublicChange?: () => Promise<void> | void;
  /** The E-mail changed from `previous` to `next`: the notice to the old address is in the outbox (wake it). */
  onEmailChanged?: (change: { previous: string; next: string }) => Promise<void> | void;
}): SiteSettings {
  const { database } = deps;
  return {
    details: () => savedBusinessDetails(database.db),
    mailAddress: () => ownerContactEmail(database.db, deps.defaultEmail),
    async saveDetails(form, confirmPassword) {
      const details = savedDetailsOf(form);
      const previousEmail = await ownerContactEmail(database.db, deps.defaultEmail);
      const emailChanged = previousEmail.toLowerCase() !== details.email;
      if (emailChanged) {
        if (!form.currentPassword)
          throw new HttpError(403, businessDetailsMessages.currentPassword, {
            fieldErrors: { currentPassword: [businessDetailsMessages.currentPassword] },
          });
        if (!confirmPassword) throw new Error('Changing the e-mail address needs a password check');
        await confirmPassword(form.currentPassword);
      }
      await database.transaction(async (tx) => {
        await tx
          .update(siteSettings)
          .set({ ...details, hours: [...details.hours], detailsSavedAt: new Date(), updatedAt: new Date() })
          .where(eq(siteSettings.id, 1));
        await bumpContentVersion(tx);
        if (emailChanged) {
          const [delivery] = await tx
            .insert(deliveries)
            .values({ kind: 'owner_email_changed', quoteRequestId: null })
            .returning({ id: deliveries.id });
          await tx
            .insert(ownerEmailChanges)
            .values({ deliveryId: delivery!.id, previousEmail: previousEmail, nextEmail: details.email });
        }
      });
      await deps.onPublicChange?.();
      if (emailChanged) await deps.onEmailChanged?.({ previous: previousEmail, next: details.email });
      return details;
    },
    async hideSampleProjects() {
      return (await readSiteSettings(database.db))?.hideSampleProjects ?? false;
    },
    async setHideSampleProjects(hide) {
      await database.transaction(async (tx) => {
        await tx
          .update(siteSettings)
          .set({ hideSampleProjects: hide, updatedAt: new Date() })
          .where(eq(siteSettings.id, 1));
        await bumpContentVersion(tx);
      });
      await deps.onPublicChange?.();
      return hide;
    },
  };
}
