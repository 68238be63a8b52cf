import { eq } from 'drizzle-orm';
import { defaultPaymentDetails, type PaymentDetails } from '@shared/schemas/invoices';
import type { Database, DatabaseHandle } from '../../db/client';
import { paymentDetails } from '../../db/schema';

/** His payment details as saved (Settings, Payment details), else none and 14 days' terms. */
export async function readPaymentDetails(db: Database): Promise<PaymentDetails> {
  const [row] = await db.select().from(paymentDetails).where(eq(paymentDetails.id, 1));
  if (!row) return { ...defaultPaymentDetails };
  const { payee, zelle, venmo, cashApp, instructions, termsDays } = row;
  return { payee, zelle, venmo, cashApp, instructions, termsDays };
}

/** How the homeowner pays him: one row, printed on every invoice made after it is saved. */
export function createPaymentDetails(database: DatabaseHandle) {
  const { db } = database;
  return {
    get: () => readPaymentDetails(db),
    async save(details: PaymentDetails): Promise<PaymentDetails> {
      const values = { ...details, updatedAt: new Date() };
      await db
        .insert(paymentDetails)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: paymentDetails.id, set: values });
      return details;
    },
  };
}

export type PaymentDetailsStore = ReturnType<typeof createPaymentDetails>;
