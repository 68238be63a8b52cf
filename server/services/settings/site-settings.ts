import { eq } from 'drizzle-orm';
import { business } from '@shared/content/business';
import type { SavedBusinessDetails } from '@shared/content/business-facts';
import { savedDetailsOf, type businessDetailsFormSchema } from '@shared/schemas/business-details';
import type { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client';
import { deliveries, ownerEmailChanges, siteSettings, type SiteSettingsRow } from '../../db/schema';
import { HttpError } from '../errors';
import { ownerPasswordHash } from '../owner/owner-sessions';
import { verifyPassword } from '../owner/password-hash';
import { bumpContentVersion } from '../site-content/content-version';

export const settingsMessages = {
  wrongPassword: 'That is not your current password, so the e-mail address was not changed.',
  noPassword: 'Set a password first (npm run owner:password on the server).',
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
 * The owner's e-mail address as the site shows it: the E-mail he saved in /owner/settings, else
 * shared/content/business.ts's. Where alerts and password-reset links go when OWNER_EMAIL is not set.
 */
export async function ownerContactEmail(db: Database): Promise<string> {
  return (await savedBusinessDetails(db))?.email ?? business.email;
}

export interface SiteSettings {
  details(): Promise<SavedBusinessDetails | null>;
  /**
   * Saves the business details and moves the content version with them. A new E-mail needs the
   * current password, and the notice to the old address is written to the outbox in the same
   * transaction (kind owner_email_changed); `onEmailChanged` then wakes the outbox.
   */
  saveDetails(form: z.output<typeof businessDetailsFormSchema>): Promise<SavedBusinessDetails>;
  hideSampleProjects(): Promise<boolean>;
  setHideSampleProjects(hide: boolean): Promise<boolean>;
}

export function createSiteSettings(deps: {
  database: DatabaseHandle;
  /** The public site changed: this server renders it at once (the others within their check). */
  onPublicChange?: () => Promise<void> | void;
  /** The E-mail changed from `previous` to `next`: the notice to the old address is in the outbox (wake it). */
  onEmailChanged?: (change: { previous: string; next: string }) => Promise<void> | void;
}): SiteSettings {
  const { database } = deps;
  return {
    details: () => savedBusinessDetails(database.db),
    async saveDetails(form) {
      const details = savedDetailsOf(form);
      const previousEmail = await ownerContactEmail(database.db);
      const emailChanged = previousEmail.toLowerCase() !== details.email;
      if (emailChanged) {
        const stored = await ownerPasswordHash(database.db);
        if (!stored) throw new HttpError(403, settingsMessages.noPassword);
        if (!form.currentPassword || !(await verifyPassword(form.currentPassword, stored))) {
          throw new HttpError(403, settingsMessages.wrongPassword, {
            fieldErrors: { currentPassword: [settingsMessages.wrongPassword] },
          });
        }
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
