import { z } from 'zod';
import { maxAmount } from './owner-money';

/**
 * A payment schedule: how the homeowner pays an estimate's total ("30 % deposit on approval",
 * "40 % when the framing is done", "the balance on completion"). Each part is a percent of the
 * total or an amount of dollars; the last part takes what is left, so the parts always add up to
 * the total with the options she ticked. Stored in cents and thousandths of a percent; the API
 * speaks percents and dollars.
 */

export const scheduleDues = ['approval', 'milestone', 'completion'] as const;
export type ScheduleDue = (typeof scheduleDues)[number];

export const scheduleDueLabels: Record<ScheduleDue, string> = {
  approval: 'On approval',
  milestone: 'At a milestone',
  completion: 'On completion',
};

export const scheduleLimits = { maxParts: 10, maxLabel: 120 } as const;

const isHundredths = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const isThousandths = (value: number) => Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;

export const schedulePartSchema = z
  .object({
    label: z
      .string({ error: 'Each part of the schedule needs a name, such as “Deposit”.' })
      .trim()
      .min(1, 'Each part of the schedule needs a name, such as “Deposit”.')
      .max(scheduleLimits.maxLabel, `A part's name can have at most ${scheduleLimits.maxLabel} characters.`),
    percent: z
      .number({ error: 'A part’s percent must be a number, such as 30.' })
      .gt(0, 'A part’s percent must be more than 0.')
      .max(100, 'A part’s percent can be at most 100.')
      .refine(isThousandths, 'A part’s percent can have at most 3 decimals.')
      .optional(),
    amount: z
      .number({ error: 'A part’s amount must be a number of dollars, such as 1500.' })
      .gt(0, 'A part’s amount must be more than $0.')
      .max(maxAmount, 'A part’s amount can be at most $10,000,000.')
      .refine(isHundredths, 'A part’s amount is in dollars and cents (at most 2 decimals).')
      .optional(),
    due: z.enum(scheduleDues, 'When each part is due must be “approval”, “milestone” or “completion”.'),
  })
  .strict()
  .refine((part) => (part.percent === undefined) !== (part.amount === undefined), {
    message: 'Each part of the schedule has a percent or an amount, not both.',
  });
export type SchedulePart = z.output<typeof schedulePartSchema>;

export const scheduleSchema = z
  .array(schedulePartSchema, { error: 'The schedule is a list of parts.' })
  .max(scheduleLimits.maxParts, `A schedule can have at most ${scheduleLimits.maxParts} parts.`)
  .refine(
    (parts) => {
      if (parts.length === 0 || parts.some((p) => p.percent === undefined)) return true;
      const milli = parts.reduce((sum, p) => sum + Math.round(p.percent! * 1000), 0);
      return milli === 100_000;
    },
    { message: 'The schedule’s percents must add up to 100.' },
  )
  .refine((parts) => parts.slice(0, -1).reduce((sum, p) => sum + Math.round((p.percent ?? 0) * 1000), 0) <= 100_000, {
    message: 'The schedule’s percents add up to more than 100.',
  });

/** A part as stored: thousandths of a percent or cents. */
export interface SchedulePartStored {
  label: string;
  due: ScheduleDue;
  percentMilli?: number;
  amountCents?: number;
}

export function toStoredSchedule(parts: readonly SchedulePart[]): SchedulePartStored[] {
  return parts.map((p) => ({
    label: p.label,
    due: p.due,
    ...(p.percent !== undefined ? { percentMilli: Math.round(p.percent * 1000) } : {}),
    ...(p.amount !== undefined ? { amountCents: Math.round(p.amount * 100) } : {}),
  }));
}

export function fromStoredSchedule(parts: readonly SchedulePartStored[]): SchedulePart[] {
  return parts.map((p) => ({
    label: p.label,
    due: p.due,
    ...(p.percentMilli !== undefined ? { percent: p.percentMilli / 1000 } : {}),
    ...(p.amountCents !== undefined ? { amount: p.amountCents / 100 } : {}),
  }));
}

/**
 * Each part's amount in cents on a total: a percent rounded half up to the cent, an amount as
 * written, and the last part whatever is left. Parts never go below zero: when fixed amounts
 * exceed the total, the later parts are cut first. 30 % of $11,200.00 is $3,360.00.
 */
export function scheduleAmounts(parts: readonly SchedulePartStored[], totalCents: number): number[] {
  if (parts.length === 0) return [];
  let left = Math.max(0, totalCents);
  const amounts = parts.map((part, index) => {
    if (index === parts.length - 1) return left;
    const nominal =
      part.amountCents ?? Number((BigInt(totalCents) * BigInt(part.percentMilli ?? 0) + 50_000n) / 100_000n);
    const amount = Math.min(Math.max(0, nominal), left);
    left -= amount;
    return amount;
  });
  return amounts;
}
