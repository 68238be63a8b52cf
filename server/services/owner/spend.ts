import { and, asc, eq, inArray } from 'drizzle-orm';
import { sourceNames } from '@shared/lead-source-name';
import type { MonthSpend, SpendEntry } from '@shared/schemas/owner-money';
import { spendMonths, type ResultPeriod } from '@shared/schemas/owner-results';
import type { DatabaseHandle } from '../../db/client';
import { contactTaps, marketingSpend, quoteRequestSources } from '../../db/schema';

/** The names offered first: every source the site names itself, but Other (which is no channel to pay). */
const usualSources: readonly string[] = Object.values(sourceNames).filter((name) => name !== sourceNames.other);

/** What the owner spent on each source, per calendar month (the results page's spend). */
export function createSpend(database: DatabaseHandle) {
  const { db } = database;

  /** The usual names, then every other one a request, a tap or earlier spend was recorded under. */
  async function knownSources(): Promise<string[]> {
    const [requested, tapped, spent] = await Promise.all([
      db.selectDistinct({ name: quoteRequestSources.source }).from(quoteRequestSources),
      db.selectDistinct({ name: contactTaps.source }).from(contactTaps),
      db.selectDistinct({ name: marketingSpend.source }).from(marketingSpend),
    ]);
    const others = [...new Set([...requested, ...tapped, ...spent].map((row) => row.name))]
      .filter((name) => !usualSources.includes(name))
      .sort((a, b) => a.localeCompare(b));
    return [...usualSources, ...others];
  }

  return {
    knownSources,

    /**
     * Sets what was spent on `source` in `month`; 0 or null removes it. A name typed in another
     * case than a known source's (`google ads`) is that source, so the spend meets its requests.
     */
    async save(entry: {
      month: string;
      source: string;
      amount: number | null;
    }): Promise<SpendEntry & { month: string }> {
      const known = await knownSources();
      const source = known.find((name) => name.toLowerCase() === entry.source.toLowerCase()) ?? entry.source;
      const amount = entry.amount ?? 0;
      if (amount === 0) {
        await db
          .delete(marketingSpend)
          .where(and(eq(marketingSpend.month, entry.month), eq(marketingSpend.source, source)));
      } else {
        const updatedAt = new Date();
        await db
          .insert(marketingSpend)
          .values({ month: entry.month, source, amount, updatedAt })
          .onConflictDoUpdate({ target: [marketingSpend.month, marketingSpend.source], set: { amount, updatedAt } });
      }
      return { month: entry.month, source, amount };
    },

    async forMonth(month: string): Promise<MonthSpend> {
      const [entries, sources] = await Promise.all([
        db
          .select({ source: marketingSpend.source, amount: marketingSpend.amount })
          .from(marketingSpend)
          .where(eq(marketingSpend.month, month))
          .orderBy(asc(marketingSpend.source)),
        knownSources(),
      ]);
      return { month, entries, sources };
    },

    /**
     * The spend of each source in a period (see spendMonths: a month shared with the period counts
     * in proportion), not yet rounded.
     */
    async forPeriod(period: ResultPeriod, now: Date): Promise<Map<string, number>> {
      const months = spendMonths(period, now);
      const rows = await db
        .select()
        .from(marketingSpend)
        .where(
          inArray(
            marketingSpend.month,
            months.map((m) => m.month),
          ),
        );
      const spend = new Map<string, number>();
      for (const row of rows) {
        const share = months.find((m) => m.month === row.month)?.share ?? 0;
        spend.set(row.source, (spend.get(row.source) ?? 0) + row.amount * share);
      }
      return spend;
    },
  };
}
