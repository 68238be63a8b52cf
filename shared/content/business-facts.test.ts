import { describe, expect, it } from 'vitest';
import { business } from './business';
import { businessWith, defaultWeekHours, hoursDisplay, openingHoursOf, type WeekHours } from './business-facts';
import { isGoogleReviewUrl, usPhone } from '../schemas/business-details';

describe('the business facts the pages show', () => {
  it('are business.ts’s until the owner saves his own', () => {
    expect(businessWith(null)).toBe(business);
    expect(hoursDisplay(defaultWeekHours)).toBe(business.hours.display);
    expect(openingHoursOf(defaultWeekHours)).toEqual(business.hours.openingHours);
  });

  it('write his week as schema.org hours and as text, closed days left out', () => {
    const week: WeekHours = [
      { open: '07:30', close: '16:30' },
      { open: '07:30', close: '16:30' },
      null,
      { open: '07:30', close: '16:30' },
      { open: '07:30', close: '16:30' },
      { open: '08:00', close: '12:00' },
      null,
    ];
    expect(openingHoursOf(week)).toEqual(['Mo-Tu 07:30-16:30', 'Th-Fr 07:30-16:30', 'Sa 08:00-12:00']);
    expect(hoursDisplay(week)).toBe(
      'Monday to Tuesday, 7:30 am to 4:30 pm; Thursday to Friday, 7:30 am to 4:30 pm; Saturday, 8 am to 12 pm',
    );
  });

  it('take only US phone numbers and Google review links', () => {
    expect(usPhone('928.468.1234')).toEqual({ display: '(928) 468-1234', e164: '+19284681234' });
    expect(usPhone('+44 20 7946 0958')).toBeNull();
    expect(isGoogleReviewUrl('https://g.page/r/CbQx/review')).toBe(true);
    expect(isGoogleReviewUrl('https://search.google.com/local/writereview?placeid=x')).toBe(true);
    for (const other of [
      'https://g.page.evil.example/r',
      'https://evil.example/?https://g.page/r',
      'https://user@g.page/r/x',
      'https://g.page:8443/r/x',
      'https://search.google.com/maps',
      'http://g.page/r/x',
      'javascript:alert(1)',
    ])
      expect(isGoogleReviewUrl(other), other).toBe(false);
  });
});
