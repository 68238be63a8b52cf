import type { AlertSettings, QuoteForAlert } from '../services/alerts/types';

/** The site's mail settings in the tests of the owner's alerts and the visitor's confirmation. */
export const alertSettings: AlertSettings = {
  from: 'Rim Country Carpentry <alerts@rimcountrycarpentry.example>',
  ownerEmail: 'owner@rimcountrycarpentry.example',
  siteUrl: 'https://www.rimcountrycarpentry.example',
};

/** A stored request as the alerts read it, received at 2:05 PM in Arizona (MST, UTC-7, in summer too); `fields` over it. */
export const alertQuote = (fields: Partial<QuoteForAlert> = {}): QuoteForAlert => ({
  id: '3f1c2a4e-8d5b-4c6a-9e7f-0a1b2c3d4e5f',
  name: 'Dana Smith',
  phone: '(928) 555-0199',
  email: 'dana.smith@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: null,
  photoUrl: null,
  receivedAt: new Date('2026-07-04T21:05:00Z'),
  ...fields,
});
