import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { setupTimeout, validQuote } from '../test/http';

/**
 * Whatever a stranger sends to the booking API and page (made-up links, any JSON, any form
 * fields, any ISO-looking time), the answer is a clear refusal or a booking, never a 500.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 40);
const monday = new Date('2026-12-07T06:00:00-07:00');

const tokenText = fc.oneof(
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
    minLength: 1,
    maxLength: 60,
  }),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);
const startText = fc.oneof(
  fc
    .date({ min: new Date('2026-11-01'), max: new Date('2027-02-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom(
    '2026-12-08T08:00:00-07:00',
    '2026-12-08T15:00:00Z',
    '2026-12-08',
    'tomorrow',
    '',
    '9999-99-99T99:99',
  ),
  fc.string({ maxLength: 80 }),
);
const body = fc.oneof(
  fc.record(
    { start: startText, address: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }) },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

describe.each(testDatabases)('the booking routes under fuzzing on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'visits-fuzz', apps: [{ visitClock: () => monday }] });

  it(
    'answers any link, JSON and form post without a 500',
    async () => {
      const created = await fetch(`${app.base}/api/quote-requests`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(validQuote),
      });
      const real = ((await created.json()) as { visitUrl: string }).visitUrl.replace('/visit/', '');
      await fc.assert(
        fc.asyncProperty(fc.oneof(tokenText, fc.constant(real)), body, async (token, sent) => {
          const api = `${app.base}/api/visits/${token}`;
          const answers = [
            await fetch(`${api}/slots`),
            await fetch(api, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(sent),
            }),
            await fetch(`${app.base}/visit/${token}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams(
                Object.entries(typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? sent : {}).map(
                  ([key, value]) => [key, String(value)],
                ),
              ).toString(),
            }),
          ];
          for (const answer of answers) expect(answer.status).toBeLessThan(500);
          if (token === real) await fetch(api, { method: 'DELETE' });
        }),
        { numRuns: runs },
      );
    },
    setupTimeout * 3,
  );
});
