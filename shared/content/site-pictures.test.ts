import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageSources } from '../../scripts/images/catalog';
import { prerenderPaths } from '../routes';
import { pictureGroups, picturePlaces, showsPicture } from './site-pictures';

describe('the places of the owner’s photos (/owner/photos)', () => {
  it('are every picture the launch check counts, each once, grouped as the site shows them', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const names = picturePlaces.map((place) => place.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(
      imageSources(root)
        .map((source) => source.name)
        .sort(),
    );
    expect(pictureGroups.map((group) => group.places.length)).toEqual([1, 18, 1, 2, 12]);
    expect(picturePlaces.find((place) => place.name === 'services/decks')?.label).toBe('Decks');
  });

  it('are each shown on the pages that render them again when it changes', () => {
    const pagesOf = (name: string) => prerenderPaths.filter((page) => showsPicture(page, name));
    expect(pagesOf('services/decks')).toEqual(['/services/decks']);
    expect(pagesOf('people/owner')).toEqual(['/about']);
    expect(pagesOf('qr/venmo')).toEqual(['/pine-bundles']);
    expect(pagesOf('gallery/deck-rebuild-before').sort()).toEqual(['/', '/gallery']);
    expect(pagesOf('hero/home')).toEqual(expect.arrayContaining(['/', '/locations/pine']));
    for (const place of picturePlaces) expect(pagesOf(place.name).length, place.name).toBeGreaterThan(0);
  });
});
