import { describe, expect, it } from 'vitest';
import { createQuoteService } from '../server/services/quote-service';
import { openMemoryDatabase } from '../server/test/databases';
import type { PhotoStorage } from '../server/services/storage/types';
import { escapeForTerminal, formatDate, formatQuote, latestQuotes } from './quotes';

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

  it('escapes control and format characters in every field, keeping the message indentation', () => {
    const text = formatQuote({
      id: '7f1c0d52-8d0e-4a43-9d57-0c2b9b3c5e11',
      name: 'Jane\u001b[2J Doe',
      phone: '(928)\u0007 555-0100',
      email: 'jane@\u202eexample.com',
      projectType: 'Deck\u0000',
      city: 'Pay\u2066son',
      budgetRange: 'Not sure\u0085 yet',
      photoUrl: 'https://www.example.com/api/objects/x\u009b',
      message: 'New\u200b deck.\r\nTab\there\rand\u2028there\u001b]8;;http://evil\u0007',
      createdAt: new Date('2026-07-04T21:05:00Z'),
    });
    expect(text).toBe(
      [
        '2026-07-04 14:05 AZ  Jane\\x1b[2J Doe',
        '  Phone:   (928)\\x07 555-0100',
        '  E-mail:  jane@\\u202eexample.com',
        '  Project: Deck\\x00 in Pay\\u2066son, budget Not sure\\x85 yet',
        '  Photo:   https://www.example.com/api/objects/x\\x9b',
        '  Message: New\\u200b deck.',
        '           Tab\\x09here\\x0dand\\u2028there\\x1b]8;;http://evil\\x07',
      ].join('\n'),
    );
    expect([...text].filter((character) => character !== '\n' && /[\p{Cc}\p{Cf}]/u.test(character))).toEqual([]);
  });

  it('escapes every control, bidi and format character, and leaves other text alone', () => {
    expect(escapeForTerminal('\u001b\u007f\u202a\u202e\u2069\ufeff\u00ad')).toBe(
      '\\x1b\\x7f\\u202a\\u202e\\u2069\\ufeff\\xad',
    );
    expect(escapeForTerminal('tag\u{e0041}')).toBe('tag\\u{e0041}');
    expect(escapeForTerminal('lone \ud800')).toBe('lone \\ud800');
    expect(escapeForTerminal('👩\u200d👧')).toBe('👩\\u200d👧');
    expect(escapeForTerminal('Jane Doe, 李明, Ñu, é, $10,000 - $25,000 \\x1b')).toBe(
      'Jane Doe, 李明, Ñu, é, $10,000 - $25,000 \\x1b',
    );
  });
});

describe('npm run quotes: what was sent', () => {
  const row = {
    id: '7f1c0d52-8d0e-4a43-9d57-0c2b9b3c5e11',
    name: 'Jane Doe',
    phone: '(928) 555-0100',
    email: 'jane@example.com',
    projectType: 'Deck',
    city: 'Payson',
    budgetRange: 'Not sure yet',
    photoUrl: null,
    message: null,
    createdAt: new Date('2026-07-04T21:05:00Z'),
  };

  it('shows whether the alert, the confirmation and the webhook were sent, are pending or failed', () => {
    const text = formatQuote(row, {
      spamReason: null,
      deliveries: [
        {
          kind: 'owner_alert',
          status: 'sent',
          attempts: 1,
          lastError: null,
          sentAt: new Date('2026-07-04T21:05:03Z'),
          nextAttemptAt: new Date(),
        },
        {
          kind: 'confirmation',
          status: 'pending',
          attempts: 2,
          lastError: 'connect ECONNREFUSED 127.0.0.1:587',
          sentAt: null,
          nextAttemptAt: new Date('2026-07-04T21:07:00Z'),
        },
        {
          kind: 'webhook',
          status: 'failed',
          attempts: 30,
          lastError: 'Webhook answered 500',
          sentAt: null,
          nextAttemptAt: new Date(),
        },
      ],
    });
    expect(text.split('\n').slice(4)).toEqual([
      '  Alert:   sent 2026-07-04 14:05 AZ',
      '  Reply:   pending, next try 2026-07-04 14:07 AZ (2 tries, last error: connect ECONNREFUSED 127.0.0.1:587)',
      '  Webhook: FAILED after 30 tries: Webhook answered 500',
    ]);
  });

  it('flags screened spam with its reason', () => {
    expect(formatQuote(row, { spamReason: 'a link in the name', deliveries: [] })).toContain(
      '  Spam:    yes, a link in the name: nothing was sent',
    );
  });

  it('reads requests with their deliveries from the database', async () => {
    const database = await openMemoryDatabase();
    try {
      const quotes = createQuoteService({
        database,
        storage: {} as PhotoStorage,
        deliveryKinds: ['owner_alert', 'confirmation'],
      });
      const origins = ['https://www.example.com'];
      await quotes.submit({ ...row, message: undefined, photoUrl: undefined }, { origins });
      await quotes.submit(
        { ...row, name: 'Spam Bot', message: undefined, photoUrl: undefined },
        {
          origins,
          signals: { honeypot: 'x' },
        },
      );
      const [bot, person] = await latestQuotes(database.db);
      expect(bot?.followUp).toEqual({ spamReason: expect.stringMatching(/hidden field/), deliveries: [] });
      expect(person?.followUp.deliveries.map((d) => [d.kind, d.status])).toEqual([
        ['owner_alert', 'pending'],
        ['confirmation', 'pending'],
      ]);
    } finally {
      await database.close();
    }
  }, 60_000); // opens an embedded database and runs the migrations, slow on a busy machine
});
