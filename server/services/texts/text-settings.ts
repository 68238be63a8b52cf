import { eq } from 'drizzle-orm';
import type { TextSettingsView } from '@shared/schemas/text-settings';
import type { DatabaseHandle } from '../../db/client';
import { textSettings } from '../../db/schema';
import type { SecretBox } from '../mail-settings/secret-box';
import type { TwilioAccount } from './twilio-client';

/** What the site texts with now: saved in the app, else TWILIO_*, else nothing (texts are off). */
export type TextRoute =
  | { source: 'saved' | 'server'; account: TwilioAccount }
  /** Saved, but sealed with another server's key (a restore to a new server): nothing can be sent. */
  | { source: 'unreadable' }
  | { source: 'none' };

export interface TextSettingsInputParsed {
  accountSid: string;
  authToken?: string;
  sender: string;
}

/**
 * The owner's Twilio account, read from the database at each use as the mail settings are, so
 * a change saved on one server is what every server texts with next. The token is sealed with
 * the mail password's key (secret-box.ts) and never shown back or logged.
 */
export function createTextSettings(deps: {
  database: DatabaseHandle;
  box: SecretBox;
  /** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, all three or none. */
  server?: Partial<TwilioAccount>;
}) {
  const { database, box } = deps;
  const server =
    deps.server?.accountSid && deps.server.authToken && deps.server.sender ? (deps.server as TwilioAccount) : null;

  const row = async () =>
    (await database.db.select().from(textSettings).where(eq(textSettings.id, 1)).limit(1))[0] ?? null;

  async function route(): Promise<TextRoute> {
    const saved = await row();
    if (saved) {
      const authToken = await box.open(saved.authTokenSealed);
      if (authToken === null) return { source: 'unreadable' };
      return { source: 'saved', account: { accountSid: saved.accountSid, authToken, sender: saved.sender } };
    }
    return server ? { source: 'server', account: server } : { source: 'none' };
  }

  async function view(testTo: string | null): Promise<TextSettingsView> {
    const saved = await row();
    if (saved)
      return {
        source: 'saved',
        accountSid: saved.accountSid,
        sender: saved.sender,
        tokenSaved: true,
        tokenUnreadable: (await box.open(saved.authTokenSealed)) === null,
        testTo,
      };
    return {
      source: server ? 'server' : 'none',
      accountSid: server?.accountSid ?? '',
      sender: server?.sender ?? '',
      tokenSaved: Boolean(server),
      tokenUnreadable: false,
      testTo,
    };
  }

  /** The account as typed: a blank token keeps the one in use for the same Account SID. */
  async function complete(input: TextSettingsInputParsed): Promise<TwilioAccount | null> {
    if (input.authToken) return { accountSid: input.accountSid, authToken: input.authToken, sender: input.sender };
    const current = await route();
    if ('account' in current && current.account.accountSid === input.accountSid)
      return { ...current.account, sender: input.sender };
    return null;
  }

  /** Saves the account; false when no token was typed and none is known for this Account SID. */
  async function save(input: TextSettingsInputParsed): Promise<boolean> {
    const account = await complete(input);
    if (!account) return false;
    const values = {
      accountSid: account.accountSid,
      authTokenSealed: await box.seal(account.authToken),
      sender: account.sender,
      updatedAt: new Date(),
    };
    await database.db
      .insert(textSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: textSettings.id, set: values });
    return true;
  }

  return { route, view, complete, save };
}

export type TextSettings = ReturnType<typeof createTextSettings>;
