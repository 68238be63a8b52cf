import { eq } from 'drizzle-orm';
import type { EstimateSettings, EstimateSettingsInput } from '@shared/schemas/estimates';
import { fromStoredSchedule, toStoredSchedule } from '@shared/schemas/payment-schedule';
import type { DatabaseHandle } from '../../db/client';
import { estimateSettings } from '../../db/schema';

/** ESTIMATE_TAX_RATE and ESTIMATE_FOLLOW_UP_DAYS: the settings until the owner saves his own. */
export interface EstimateDefaults {
  /** Percent. */
  taxRate: number;
  /** Days after sending, each one follow-up; empty: none. */
  followUpDays: number[];
}

export const builtInEstimateDefaults: EstimateDefaults = { taxRate: 0, followUpDays: [3, 7] };

/** The owner's estimate defaults (/owner/settings), kept in one row; the env's defaults until he saves. */
export function createEstimateSettings(database: DatabaseHandle, defaults: EstimateDefaults = builtInEstimateDefaults) {
  const { db } = database;
  return {
    async get(): Promise<EstimateSettings> {
      const [row] = await db.select().from(estimateSettings).where(eq(estimateSettings.id, 1));
      return row
        ? {
            taxRate: row.taxRateMilli / 1000,
            followUpDays: row.followUpDays,
            defaultSchedule: fromStoredSchedule(row.defaultSchedule),
          }
        : { ...defaults, defaultSchedule: [] };
    },
    async save(settings: EstimateSettingsInput): Promise<EstimateSettings> {
      const [saved] = await db
        .select({ defaultSchedule: estimateSettings.defaultSchedule })
        .from(estimateSettings)
        .where(eq(estimateSettings.id, 1));
      const followUpDays = [...new Set(settings.followUpDays)].filter((days) => days > 0).sort((a, b) => a - b);
      const values = {
        taxRateMilli: Math.round(settings.taxRate * 1000),
        followUpDays,
        // Each card of the settings saves its own fields: a schedule left out stays as saved.
        defaultSchedule: settings.defaultSchedule
          ? toStoredSchedule(settings.defaultSchedule)
          : (saved?.defaultSchedule ?? []),
        updatedAt: new Date(),
      };
      await db
        .insert(estimateSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: estimateSettings.id, set: values });
      return {
        taxRate: values.taxRateMilli / 1000,
        followUpDays,
        defaultSchedule: fromStoredSchedule(values.defaultSchedule),
      };
    },
  };
}

export type EstimateSettingsStore = ReturnType<typeof createEstimateSettings>;
