import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { galleryItems } from './gallery';
import { locationSummaries } from './location-summaries';
import { getLocationBySlug, locations } from './locations';
import { locationNames } from './names';
import { getServiceBySlug, services } from './services';
import { locationSlugs, serviceSlugs } from './slugs';

const specTimelines: Record<string, string> = {
  framing: '1-4 weeks',
  roofing: '2-5 days',
  siding: '1-2 weeks',
  'hardwood-floor': '3-7 days install, 2-4 days refinish',
  'vinyl-plank': '1-3 days',
  'ceramic-tile': '3-7 days',
  'walk-in-showers': '1-2 weeks',
  'interior-trim': '2-5 days',
  cabinets: '3-7 days',
  drywall: '2-5 days',
  painting: '3-7 days',
  'doors-windows': '1-3 days per opening',
  'bathroom-remodeling': '2-4 weeks',
  'kitchen-remodeling': '3-6 weeks',
  decks: '1-3 weeks',
  fences: '2-5 days',
  'rotten-wood-replacement': '1-5 days depending on extent',
  'fireplace-mantels': '2-5 days for installation',
};

const hasImageSource = (name: string) =>
  ['svg', 'jpg', 'jpeg', 'png', 'webp'].some((ext) => existsSync(path.resolve('images', `${name}.${ext}`)));

describe('services', () => {
  it('has the 18 services of the specification, in its order, with unique ids and slugs', () => {
    expect(services.map((s) => s.slug)).toEqual([...serviceSlugs]);
    expect(new Set(services.map((s) => s.id)).size).toBe(18);
  });

  it.each(services.map((s) => [s.slug, s] as const))('%s is complete', (slug, service) => {
    expect(service.timeline).toBe(specTimelines[slug]);
    expect(service.faqs).toHaveLength(5);
    for (const faq of service.faqs) {
      expect(faq.question.trim().endsWith('?')).toBe(true);
      expect(faq.answer.length).toBeGreaterThan(40);
    }
    for (const list of [service.typicalScope, service.materialsOptions, service.careTips]) {
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(list.length).toBeLessThanOrEqual(8);
    }
    expect(service.description.length).toBeGreaterThan(30);
    expect(service.overview.length).toBeGreaterThan(300);
    expect(service.image).toBe(`services/${slug}`);
    expect(hasImageSource(service.image), `image source for ${slug}`).toBe(true);
  });

  it('framing and decks share one icon; roofing, bathrooms, kitchens and showers each have their own', () => {
    const icon = (slug: string) => getServiceBySlug(slug)!.icon;
    expect(icon('framing')).toBe(icon('decks'));
    const own = ['roofing', 'bathroom-remodeling', 'kitchen-remodeling', 'walk-in-showers'];
    for (const slug of own) {
      expect(services.filter((s) => s.icon === icon(slug)).map((s) => s.slug)).toEqual([slug]);
    }
  });

  it('carries the facts the specification names', () => {
    const text = (slug: string) => JSON.stringify(getServiceBySlug(slug));
    expect(text('hardwood-floor')).toMatch(/35-55%/);
    expect(text('roofing')).toMatch(/20-30 years/);
    expect(text('roofing')).toMatch(/40-70/);
    expect(text('roofing')).toMatch(/50\+/);
    expect(text('vinyl-plank')).toMatch(/15-25 years/);
    expect(text('kitchen-remodeling')).toMatch(/60-80%/);
  });

  it('looks services up by slug', () => {
    expect(getServiceBySlug('roofing')?.name).toBe('Roofing');
    expect(getServiceBySlug('nope')).toBeUndefined();
  });
});

describe('locations', () => {
  it('has the five service areas in order with unique slugs', () => {
    expect(locations.map((l) => l.slug)).toEqual([...locationSlugs]);
    expect(new Set(locations.map((l) => l.id)).size).toBe(5);
    for (const location of locations) {
      expect(location.landmarks.length).toBeGreaterThan(0);
      expect(location.neighborhoods.length).toBeGreaterThan(0);
      expect(location.climateConsiderations.length).toBeGreaterThan(40);
    }
  });

  it('menus and cards name each area as its page does', () => {
    expect(locationSummaries.map((l) => l.slug)).toEqual([...locationSlugs]);
    for (const slug of locationSlugs) {
      expect(getLocationBySlug(slug)?.name).toBe(locationNames[slug]);
      expect(getLocationBySlug(slug)?.description.length).toBeGreaterThan(80);
    }
  });

  it('looks locations up by slug', () => {
    expect(getLocationBySlug('pine')?.name).toBe('Pine');
    expect(getLocationBySlug('atlantis')).toBeUndefined();
  });
});

describe('gallery', () => {
  it('has six projects in Northern Arizona covering the specified service types', () => {
    expect(galleryItems).toHaveLength(6);
    expect(new Set(galleryItems.map((g) => g.id)).size).toBe(6);
    expect(new Set(galleryItems.map((g) => g.serviceType))).toEqual(
      new Set(['Decks', 'Walk-in Showers', 'Bathroom Remodeling', 'Interior Trim', 'Ceramic Tile']),
    );
    for (const item of galleryItems) {
      expect(item.location).toBe('Northern Arizona');
      expect(hasImageSource(item.beforeImage)).toBe(true);
      expect(hasImageSource(item.afterImage)).toBe(true);
    }
  });
});
