import { describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { businessWith } from '@shared/content/business-facts';
import { reviewRequestMessage } from '../reviews/review-message';
import { homeownerVisitMessage, visitReminderMessage, type VisitForMessage } from '../visits/visit-messages';
import { confirmationMessage } from './messages';
import type { AlertSettings, MailMessage, QuoteForAlert } from './types';

/** What the owner saved in /owner/settings: every e-mail to a homeowner carries it, none the defaults. */
const saved = businessWith({
  phoneDisplay: '(928) 468-1234',
  phoneE164: '+19284681234',
  email: 'dale@rimcountry.com',
  rocLicense: 'ROC 123456',
  googleReviewUrl: 'https://g.page/r/CbQx1aZ9rK2mEBM/review',
  hours: Array.from({ length: 7 }, () => null),
  musicSiteUrl: 'https://hartmanfamilyband.com/',
  songVideoUrl: 'https://www.youtube.com/watch?v=abc123',
});
const settings: AlertSettings = {
  from: 'Rim Country Carpentry <alerts@rimcountrycarpentry.example>',
  ownerEmail: 'owner@rimcountrycarpentry.example',
  siteUrl: 'https://www.rimcountrycarpentry.example',
  business: saved,
};
const quote: QuoteForAlert = {
  id: '3f1c2a4e-8d5b-4c6a-9e7f-0a1b2c3d4e5f',
  name: 'Dana Smith',
  phone: '(928) 474-0199',
  email: 'dana.smith@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: 'About 300 sq ft.',
  photoUrl: null,
  receivedAt: new Date('2026-07-04T21:05:00Z'),
};
const visit: VisitForMessage = {
  id: '0b9d6a43-5f1e-4d0c-8a4b-1f2e3d4c5b6a',
  requestId: quote.id,
  name: quote.name,
  email: quote.email,
  phone: quote.phone,
  city: 'Payson',
  projectType: 'Deck',
  start: new Date('2026-07-08T16:00:00Z'),
  end: new Date('2026-07-08T17:00:00Z'),
  address: '12 Pine St',
  sequence: 0,
  status: 'booked',
  cancelledBy: null,
  cancelReason: null,
};

function expectSaved(message: MailMessage) {
  for (const body of [String(message.text), String(message.html)]) {
    expect(body).toContain(saved.phoneDisplay);
    expect(body).not.toContain(business.phoneDisplay);
  }
}

describe('the e-mails to a homeowner with saved details', () => {
  it('the confirmation of a quote request: the phone, its tel: link and the licence', () => {
    const message = confirmationMessage(quote, settings);
    expectSaved(message);
    expect(String(message.html)).toContain(`tel:${saved.phoneE164}`);
    expect(String(message.text)).toContain(saved.rocLicense);
    expect(String(message.text)).not.toContain(business.rocLicense);
  });

  it('the visit booked, cancelled and the reminder', () => {
    const now = new Date('2026-07-05T16:00:00Z');
    expectSaved(homeownerVisitMessage(visit, 'booked', settings, 'https://x.example/visit/t', now));
    expectSaved(
      homeownerVisitMessage({ ...visit, status: 'cancelled' }, 'cancelled', settings, 'https://x.example/visit/t', now),
    );
    const byOwner = { ...visit, status: 'cancelled' as const, cancelledBy: 'owner' as const };
    expectSaved(homeownerVisitMessage(byOwner, 'cancelled', settings, 'https://x.example/visit/t', now));
    expectSaved(visitReminderMessage(visit, settings, 'https://x.example/visit/t'));
  });

  it('the review request', () => {
    expectSaved(reviewRequestMessage(quote, 'a'.repeat(43), settings));
  });
});
