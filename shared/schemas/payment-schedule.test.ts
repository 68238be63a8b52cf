import { describe, expect, it } from 'vitest';
import { scheduleAmounts, scheduleSchema, toStoredSchedule } from './payment-schedule';

const thirtyFortyThirty = toStoredSchedule([
  { label: 'Deposit', percent: 30, due: 'approval' },
  { label: 'When the framing is done', percent: 40, due: 'milestone' },
  { label: 'Balance', percent: 30, due: 'completion' },
]);

describe('payment schedule', () => {
  it('computes each part on the total, the last part taking the rounding', () => {
    expect(scheduleAmounts(thirtyFortyThirty, 1_120_000)).toEqual([336_000, 448_000, 336_000]);
    expect(scheduleAmounts(thirtyFortyThirty, 100_001)).toEqual([30_000, 40_000, 30_001]);
    const sum = scheduleAmounts(thirtyFortyThirty, 123_457).reduce((a, b) => a + b, 0);
    expect(sum).toBe(123_457);
  });

  it('takes fixed amounts as written and never goes below zero', () => {
    const parts = toStoredSchedule([
      { label: 'Deposit', amount: 500, due: 'approval' },
      { label: 'Balance', percent: 100, due: 'completion' },
    ]);
    expect(scheduleAmounts(parts, 200_000)).toEqual([50_000, 150_000]);
    expect(scheduleAmounts(parts, 30_000)).toEqual([30_000, 0]);
    expect(scheduleAmounts([], 30_000)).toEqual([]);
  });

  it('refuses percents that do not add up to 100 and parts with both or neither', () => {
    const result = scheduleSchema.safeParse([
      { label: 'Deposit', percent: 30, due: 'approval' },
      { label: 'Balance', percent: 60, due: 'completion' },
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The schedule’s percents must add up to 100.');
    expect(scheduleSchema.safeParse([{ label: 'Deposit', due: 'approval' }]).success).toBe(false);
    expect(scheduleSchema.safeParse([{ label: 'D', percent: 30, amount: 5, due: 'approval' }]).success).toBe(false);
    expect(scheduleSchema.safeParse([{ label: 'D', percent: 100, due: 'later' }]).success).toBe(false);
  });
});
