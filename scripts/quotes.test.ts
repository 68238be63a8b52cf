import { describe, expect, it } from 'vitest';
import { formatDate, formatQuote } from './quotes';

describe('npm run quotes', () => {
  it('prints one request with every field, in Arizona time', () => {
    const text = formatQuote({
      id: '7f1c0d52-8d0e-4a43-9d57-0c2b9b3c5e11',
      name: 'Jane Doe',
      phone: '(928) 555-0100',
      email: 'jane@example.com',
      projectType: 'Deck',
      city: 'Payson',
      budgetRange: '$10,000 - $25,000',
      photoUrl: 'https://www.example.com/api/objects/7f1c0d52-8d0e-4a43-9d57-0c2b9b3c5e11',
      message: 'New deck.\nAbout 12 by 16 feet.',
      createdAt: new Date('2026-07-04T21:05:00Z'),
    });
    expect(text).toBe(
      [
        '2026-07-04 14:05 AZ  Jane Doe',
        '  Phone:   (928) 555-0100',
        '  E-mail:  jane@example.com',
        '  Project: Deck in Payson, budget $10,000 - $25,000',
        '  Photo:   https://www.example.com/api/objects/7f1c0d52-8d0e-4a43-9d57-0c2b9b3c5e11',
        '  Message: New deck.',
        '           About 12 by 16 feet.',
      ].join('\n'),
    );
  });

  it('leaves out an empty photo and message, and uses MST all year', () => {
    expect(formatDate(new Date('2026-01-15T07:00:00Z'))).toBe('2026-01-15 00:00 AZ');
  });
});
