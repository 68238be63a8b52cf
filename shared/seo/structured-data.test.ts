import { describe, expect, it } from 'vitest';
import { business } from '../content/business';
import { breadcrumbJsonLd, businessJsonLd, faqJsonLd, serviceJsonLd } from './structured-data';

const site = 'https://carpentry.test';

describe('structured data', () => {
  it('describes the business with its licence, hours and service areas, and no ratings', () => {
    const data = businessJsonLd(site);
    expect(data['@type']).toBe('GeneralContractor');
    expect(data.url).toBe('https://carpentry.test/');
    expect(data.identifier).toEqual({
      '@type': 'PropertyValue',
      propertyID: 'Arizona ROC License',
      value: business.rocLicense,
    });
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '07:00',
        closes: '17:00',
      },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/rating|review/i);
  });

  it('links a service to the business by @id', () => {
    const data = serviceJsonLd(site, { name: 'Decks', slug: 'decks', description: 'Decks built for snow.' });
    expect(data.url).toBe('https://carpentry.test/services/decks');
    expect((data.provider as { '@id': string })['@id']).toBe(businessJsonLd(site)['@id']);
  });

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    const data = breadcrumbJsonLd(site, [
      { name: 'Home', path: '/' },
      { name: 'Services', path: '/services' },
    ]);
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://carpentry.test/' },
      { '@type': 'ListItem', position: 2, name: 'Services', item: 'https://carpentry.test/services' },
    ]);
  });

  it('turns FAQs into questions with accepted answers', () => {
    const data = faqJsonLd([{ question: 'How long?', answer: 'About a week.' }]);
    expect(data.mainEntity).toEqual([
      { '@type': 'Question', name: 'How long?', acceptedAnswer: { '@type': 'Answer', text: 'About a week.' } },
    ]);
  });
});
