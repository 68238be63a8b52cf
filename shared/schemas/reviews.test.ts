import { describe, expect, it } from 'vitest';
import { displayNameOf, reviewFormSchema, reviewMessages } from './reviews';

describe('the review form', () => {
  it('signs a review with the first name and the last initial', () => {
    expect(displayNameOf('Hannah Hughes')).toBe('Hannah H.');
    expect(displayNameOf('  maria de la cruz ')).toBe('maria C.');
    expect(displayNameOf('Cher')).toBe('Cher');
    expect(displayNameOf('Émile Ångström')).toBe('Émile Å.');
  });

  it('takes 1 to 5 stars, consent only when ticked, and words to show when shown', () => {
    const base = { stars: '5', text: 'Great work', displayName: 'Hannah H.' };
    expect(reviewFormSchema.parse({ ...base, consent: 'on' })).toEqual({
      stars: 5,
      text: 'Great work',
      displayName: 'Hannah H.',
      consent: true,
    });
    expect(reviewFormSchema.parse(base).consent).toBe(false);
    for (const stars of ['0', '6', '2.5', '', 'five'])
      expect(reviewFormSchema.safeParse({ ...base, stars }).error?.issues[0]?.message).toBe(reviewMessages.stars);
    expect(reviewFormSchema.safeParse({ ...base, text: '', consent: 'on' }).error?.issues[0]?.message).toBe(
      reviewMessages.textForSite,
    );
    expect(reviewFormSchema.parse({ ...base, text: '' }).text).toBe('');
    expect(reviewFormSchema.safeParse({ ...base, displayName: '   ' }).error?.issues[0]?.message).toBe(
      reviewMessages.displayName,
    );
    expect(reviewFormSchema.safeParse({ ...base, text: 'x'.repeat(2001) }).success).toBe(false);
  });
});
