import { describe, expect, it } from 'vitest';
import { emptyValues } from './quote-form-values';
import { choiceFromPage, withChoiceFromPage } from './choice-from-page';

describe('the choice of the page the visitor came from', () => {
  it('is a service page’s project type and an area page’s town', () => {
    expect(choiceFromPage('/services/decks')).toEqual({ projectType: 'Deck' });
    expect(choiceFromPage('/services/walk-in-showers')).toEqual({ projectType: 'Walk-in Shower' });
    expect(choiceFromPage('/locations/strawberry')).toEqual({ city: 'Strawberry' });
    expect(choiceFromPage('/locations/phoenix-projects')).toEqual({ city: 'Phoenix' });
  });

  it('is nothing for other pages, the statewide area, an unknown service or no page', () => {
    for (const path of [
      '/',
      '/contact',
      '/services',
      '/locations/arizona-statewide',
      '/services/nope',
      '/gallery/x',
      undefined,
    ])
      expect(choiceFromPage(path)).toEqual({});
  });

  it('never replaces what the visitor typed, and replaces an earlier page’s choice', () => {
    expect(withChoiceFromPage({ ...emptyValues }, '/services/fences').projectType).toBe('Fence');
    const typed = { ...emptyValues, name: 'Kim', projectType: 'Roofing' };
    expect(withChoiceFromPage(typed, '/services/fences').projectType).toBe('Roofing');
    expect(withChoiceFromPage({ ...emptyValues, name: 'Kim' }, '/locations/pine').city).toBe('Pine');
    expect(withChoiceFromPage({ ...emptyValues, projectType: 'Deck' }, '/services/fences').projectType).toBe('Fence');
  });
});
