import { z } from 'zod';
import { maxAmount } from './owner-money';
import { estimateInputSchema, estimateItemSchema, estimateLimits } from './estimates';

/**
 * Change orders: after an approval, a paper that refers to the approved estimate (`changeOf`)
 * with lines added, and lines taken out as credits (negative unit prices), a reason and the days
 * it adds to the work (POST /api/owner/requests/:id/estimates with `changeOf`). It is sent,
 * approved and declined as an estimate; the approved estimate itself never changes.
 */

export const changeOrderLimits = { maxReason: 1000, maxDaysAdded: 365 } as const;

export const changeOrderLabels = {
  newChangeOrder: 'Change order',
  reason: 'Reason for the change',
  daysAdded: 'Days added to the work',
  addCredit: 'Add credit',
  send: 'Send change order',
  approve: 'Approve change order',
  accept: 'I accept this change order and its terms',
  decline: 'Decline change order',
} as const;

const isCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A line of a change order: a credit has a negative unit price. Options are an estimate's, not a change's. */
export const changeOrderItemSchema = estimateItemSchema.omit({ optional: true }).extend({
  unitPrice: z
    .number({ error: 'The unit price must be a number of dollars, such as 1200, or -300 for a credit.' })
    .min(-maxAmount, 'A credit can be at most $10,000,000.')
    .max(maxAmount, 'The unit price can be at most $10,000,000.')
    .refine(isCents, 'The unit price is in dollars and cents (at most 2 decimals).'),
});

const changeFields = {
  reason: z
    .string({ error: 'Say why the work changes, such as “Owner asked for a wider deck”.' })
    .trim()
    .min(1, 'Say why the work changes, such as “Owner asked for a wider deck”.')
    .max(changeOrderLimits.maxReason, `The reason can have at most ${changeOrderLimits.maxReason} characters.`),
  items: z
    .array(changeOrderItemSchema, { error: 'A change order needs its lines (items).' })
    .min(1, 'A change order needs at least one line.')
    .max(estimateLimits.maxItems, `A change order can have at most ${estimateLimits.maxItems} lines.`),
  daysAdded: z
    .number({ error: 'The days added must be a whole number, such as 3 or 0.' })
    .int('The days added must be a whole number, such as 3 or 0.')
    .min(0, 'The days added cannot be negative.')
    .max(changeOrderLimits.maxDaysAdded, `At most ${changeOrderLimits.maxDaysAdded} days can be added.`)
    .optional(),
  taxRate: estimateInputSchema.shape.taxRate,
  notes: estimateInputSchema.shape.notes,
  validUntil: estimateInputSchema.shape.validUntil,
};

export const changeOrderInputSchema = z
  .object({
    changeOf: z.uuid('changeOf must be the id of the approved estimate.').transform((id) => id.toLowerCase()),
    ...changeFields,
  })
  .strict();
export type ChangeOrderInput = z.input<typeof changeOrderInputSchema>;
export type ChangeOrderInputParsed = z.output<typeof changeOrderInputSchema>;

/** A change order's draft changed: the same fields, each optional (what it changes stays). */
export const changeOrderPatchSchema = z.object(changeFields).partial().strict();
export type ChangeOrderPatch = z.output<typeof changeOrderPatchSchema>;

/** What POST answers for a change order. */
export interface CreatedChangeOrder {
  id: string;
  kind: 'change-order';
  /** Dollars with cents; below zero for a credit. */
  total: number;
  url: string;
}
