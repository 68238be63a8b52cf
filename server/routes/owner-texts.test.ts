import { describe, expect, it } from 'vitest';
import type { TextSettingsView, TextTestResult } from '@shared/schemas/text-settings';
import { textSettings } from '../db/schema';
import { testDatabases } from '../test/databases';
import { textSite } from '../test/text-site';
import { standInAccount } from '../test/twilio-stand-in';

const typed = { accountSid: standInAccount.accountSid, authToken: standInAccount.authToken, sender: '(928) 555-0199' };

/**
 * Text messages in Settings over HTTP with the Twilio stand-in: the token is never sent back and
 * is kept only sealed; Send me a test text reaches the stand-in through the official package and
 * says in plain words what Twilio answered.
 */
describe.each(testDatabases)('Text messages settings on $kind', (testDb) => {
  const site = textSite(testDb, { label: 'text-settings', withAccount: false });

  it('saves the account without ever showing the token, and sends the test text to his phone', async () => {
    await site.run(async ({ call, standIn }) => {
      const before = (await (await call('/text-settings')).json()) as TextSettingsView;
      expect(before).toMatchObject({ source: 'none', tokenSaved: false });

      const refused = await call('/text-settings', { method: 'PUT', body: JSON.stringify({ ...typed, sender: '12' }) });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/Twilio number you text from/);
      expect(await site.app.database.db.select().from(textSettings)).toEqual([]);

      const saved = await call('/text-settings', { method: 'PUT', body: JSON.stringify(typed) });
      expect(saved.status).toBe(200);
      const view = (await saved.json()) as TextSettingsView;
      expect(view).toMatchObject({
        source: 'saved',
        accountSid: typed.accountSid,
        sender: '+19285550199',
        tokenSaved: true,
      });
      expect(JSON.stringify(view)).not.toContain(typed.authToken);
      const [row] = await site.app.database.db.select().from(textSettings);
      expect(row!.authTokenSealed).not.toContain(typed.authToken);

      // A blank token keeps the saved one.
      const kept = await call('/text-settings', { method: 'PUT', body: JSON.stringify({ ...typed, authToken: '' }) });
      expect(kept.status).toBe(200);

      const test = await call('/text-settings/test', {
        method: 'POST',
        body: JSON.stringify({ to: '(928) 555-0123' }),
      });
      const result = (await test.json()) as TextTestResult;
      expect(result.ok).toBe(true);
      expect(result.message).toMatch(/It works/);
      const [text] = standIn.textsTo('+19285550123');
      expect(text).toMatchObject({ from: '+19285550199', accountSid: typed.accountSid });
      expect(text!.body).toMatch(/^Rim Country Carpentry: /);
    });
  });

  it.each([
    [20003, /refused the Account SID or auth token/],
    [21608, /verified numbers from a trial account/],
    [30007, /A2P 10DLC registration/],
    [500, /not answering just now/],
  ] as const)('says in plain words what Twilio answered with %s', async (code, words) => {
    await site.run(async ({ call, standIn }) => {
      standIn.failWith(code);
      try {
        const test = await call('/text-settings/test', { method: 'POST', body: JSON.stringify(typed) });
        const result = (await test.json()) as TextTestResult;
        expect(result).toMatchObject({ ok: false });
        expect(result.message).toMatch(words);
      } finally {
        standIn.failWith(null);
      }
    });
  });

  it('refuses a wrong token typed in the form with Twilio’s own answer', async () => {
    await site.run(async ({ call }) => {
      const test = await call('/text-settings/test', {
        method: 'POST',
        body: JSON.stringify({ ...typed, authToken: '0'.repeat(32) }),
      });
      expect(((await test.json()) as TextTestResult).message).toMatch(/refused the Account SID or auth token/);
    });
  });
});
