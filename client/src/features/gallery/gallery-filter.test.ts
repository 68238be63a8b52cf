import { describe, expect, it } from 'vitest';
import { galleryItems } from '@shared/content/gallery';
import { filterGalleryItems, galleryFilters, matchesGalleryFilter, type GalleryFilterId } from './gallery-filter';

const ids = (filter: GalleryFilterId) => filterGalleryItems(galleryItems, filter).map((item) => item.id);

describe('gallery filter chips', () => {
  it('offers the six chips of the spec, in order', () => {
    expect(galleryFilters.map((filter) => filter.label)).toEqual([
      'All',
      'Decks',
      'Bathroom',
      'Showers',
      'Tile',
      'Trim',
    ]);
  });

  it('All shows every project', () => {
    expect(ids('all')).toEqual(galleryItems.map((item) => item.id));
  });

  it.each([
    ['decks', ['deck-rebuild', 'deck-stairs-railing']],
    ['bathroom', ['bathroom-remodel']],
    ['showers', ['walk-in-shower-conversion']],
    ['tile', ['ceramic-tile-floor']],
    ['trim', ['interior-trim-refresh']],
  ] as const)('%s matches the projects whose service type contains its target', (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it.each([
    ['decks', 'DECKS'],
    ['bathroom', 'bathroom REMODELING'],
    ['showers', 'Walk-In Showers'],
    ['tile', 'CERAMIC tile'],
    ['trim', 'interior TRIM'],
  ] as const)('%s ignores case (%s)', (filter, serviceType) => {
    expect(matchesGalleryFilter({ serviceType }, filter)).toBe(true);
  });

  it('matches the target anywhere in the service type', () => {
    expect(matchesGalleryFilter({ serviceType: 'Composite Decks & Railings' }, 'decks')).toBe(true);
    expect(matchesGalleryFilter({ serviceType: 'Kitchen & Bathroom Remodeling' }, 'bathroom')).toBe(true);
  });

  it('needs the whole target, not just the chip label', () => {
    // "Tile" alone is not "ceramic tile"; "Bathroom" alone is not "bathroom remodeling".
    expect(matchesGalleryFilter({ serviceType: 'Porcelain Tile' }, 'tile')).toBe(false);
    expect(matchesGalleryFilter({ serviceType: 'Bathroom Vanity' }, 'bathroom')).toBe(false);
    expect(matchesGalleryFilter({ serviceType: 'Deck' }, 'decks')).toBe(false);
  });

  it('a project of another service matches no chip except All', () => {
    const roofing = { serviceType: 'Roofing' };
    expect(galleryFilters.filter((filter) => matchesGalleryFilter(roofing, filter.id)).map((f) => f.id)).toEqual([
      'all',
    ]);
  });
});
