import { describe, expect, it } from 'vitest';
import { waitText } from './speed-summary';

describe('the speed to lead', () => {
  it('says how long a request waited the way one says it', () => {
    expect(waitText(0.4)).toBe('under a minute');
    expect(waitText(12)).toBe('12 min');
    expect(waitText(60)).toBe('1 h');
    expect(waitText(125)).toBe('2 h 5 min');
    expect(waitText(1500)).toBe('1 d 1 h');
  });
});
