import { describe, expect, it } from 'vitest';
import { budgetRanges, projectTypes } from './quote-options';

// The specification's order, checked by its rule rather than by a second copy of the lists.
describe('quote request options', () => {
  it('offers the 19 project types in alphabetical order, Other last', () => {
    expect(projectTypes).toHaveLength(19);
    expect(new Set(projectTypes).size).toBe(19);
    expect(projectTypes.at(-1)).toBe('Other');
    const named = projectTypes.slice(0, -1);
    expect(named).toEqual([...named].sort((a, b) => a.localeCompare(b)));
    expect(projectTypes).toEqual(expect.arrayContaining(['Deck', 'Kitchen Remodeling', 'Walk-in Shower', 'Roofing']));
  });

  it('offers the 7 budget ranges from the smallest up, then Not sure yet', () => {
    expect(budgetRanges).toHaveLength(7);
    expect(budgetRanges[0]).toBe('Under $5,000');
    expect(budgetRanges.at(-2)).toBe('$100,000+');
    expect(budgetRanges.at(-1)).toBe('Not sure yet');
    const from = budgetRanges.slice(0, -1).map((range) => Number(/\$([\d,]+)/.exec(range)![1]!.replace(/,/g, '')));
    expect(from).toEqual([...from].sort((a, b) => a - b));
    // Each range starts where the one before it ended.
    for (const [index, range] of budgetRanges.slice(1, -2).entries())
      expect(range.startsWith(budgetRanges[index]!.split(' - ').at(-1)!.replace('Under ', ''))).toBe(true);
  });
});
