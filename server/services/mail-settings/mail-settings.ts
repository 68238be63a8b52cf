import { eq } from 'drizzle-orm';
import type { MailServerInput, MailSettingsView } from '@shared/schemas/mail-settings';
import type { DatabaseHandle } from '../../db/client';
import { mailSettings, type MailSettingsRow } from '../../db/schema';
import type { SmtpServer } from '../alerts/mailer';
import type { SecretBox } from './secret-box';

/**
 * How the site sends mail now: the settings the owner saved in the app, else the server's
 * SMTP_URL, else none (the .eml folder). Read from the database at each use, so a change saved
 * on one server is what every server sends with from its next message on, without a restart.
 */
export type MailRoute =
  | { source: 'saved'; server: SmtpServer; from: string; version: string }
  /** Saved, but sealed with another server's key (a restore to a new server): nothing can be sent. */
  | { source: 'unreadable'; from: string; version: string }
  | { source: 'server'; url: string; from: string; version: string }
  | { source: 'none'; from: string; version: string };

/** The saved password could not be opened: the owner types it again (docs/owner-guide.md). */
export class MailPasswordUnreadable extends Error {
  constructor() {
    super('The saved mail password was sealed on another server: type it again in Settings, E-mail sending');
    this.name = 'MailPasswordUnreadable';
  }
}

/** PUT's `{ smtpUrl }` as the parts it names: smtps:// is TLS from the start (465 by default), smtp:// STARTTLS (587). */
export function serverOfUrl(smtpUrl: string, from: string): MailServerInput {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: decodeURIComponent(url.username),
    password: url.password ? decodeURIComponent(url.password) : undefined,
    from,
  };
}

export function createMailSettings(deps: {
  database: DatabaseHandle;
  box: SecretBox;
  /** SMTP_URL and MAIL_FROM: what the site sends with until the owner saves his own. */
  serverUrl?: string;
  serverFrom: string;
}) {
  const { database, box } = deps;

  async function row(): Promise<MailSettingsRow | null> {
    const [found] = await database.db.select().from(mailSettings).where(eq(mailSettings.id, 1)).limit(1);
    return found ?? null;
  }

  async function serverOf(saved: MailSettingsRow): Promise<SmtpServer | null> {
    const pass = saved.passwordSealed ? await box.open(saved.passwordSealed) : '';
    if (pass === null) return null;
    const { host, port, secure, username } = saved;
    return { host, port, secure, ...(username ? { auth: { user: username, pass } } : {}) };
  }

  /** What mail goes through now (configured-mailer.ts follows it). */
  async function route(): Promise<MailRoute> {
    const saved = await row();
    if (saved) {
      const version = `saved:${saved.updatedAt.toISOString()}:${saved.passwordSealed ?? ''}`;
      const server = await serverOf(saved);
      return server
        ? { source: 'saved', server, from: saved.fromAddress, version }
        : { source: 'unreadable', from: saved.fromAddress, version };
    }
    if (deps.serverUrl) return { source: 'server', url: deps.serverUrl, from: deps.serverFrom, version: 'server' };
    return { source: 'none', from: deps.serverFrom, version: 'none' };
  }

  /** What Settings shows: never a password, only whether one is saved and readable here. */
  async function view(testTo: string | null): Promise<MailSettingsView> {
    const saved = await row();
    if (saved) {
      const readable = saved.passwordSealed ? (await box.open(saved.passwordSealed)) !== null : true;
      return {
        source: 'saved',
        host: saved.host,
        port: saved.port,
        secure: saved.secure,
        user: saved.username ?? '',
        from: saved.fromAddress,
        passwordSaved: Boolean(saved.passwordSealed),
        passwordUnreadable: !readable,
        testTo,
      };
    }
    const server = deps.serverUrl ? serverOfUrl(deps.serverUrl, deps.serverFrom) : null;
    return {
      source: server ? 'server' : 'none',
      host: server?.host ?? '',
      port: server?.port ?? 587,
      secure: server?.secure ?? false,
      user: server?.user ?? '',
      from: deps.serverFrom,
      passwordSaved: Boolean(server?.password),
      passwordUnreadable: false,
      testTo,
    };
  }

  /**
   * The server and sender of `input` as they would be saved: a blank password keeps the one
   * saved (or the server's own, for the same user at the same host), so the form never holds it.
   */
  async function complete(
    input: MailServerInput,
  ): Promise<{ server: SmtpServer; from: string; sealed?: string | null }> {
    const { host, port, secure, user, password, from } = input;
    let pass = password ?? '';
    let sealed: string | null | undefined;
    if (!pass && user) {
      const saved = await row();
      const known = saved ? await serverOf(saved) : deps.serverUrl ? serverFromUrl(deps.serverUrl) : null;
      if (known?.auth && known.host === host && known.auth.user === user) {
        pass = known.auth.pass;
        sealed = saved?.passwordSealed;
      }
    }
    if (!user) sealed = null;
    const server: SmtpServer = { host, port, secure, ...(user ? { auth: { user, pass } } : {}) };
    return { server, from, sealed };
  }

  async function save(input: MailServerInput): Promise<void> {
    const { server, from, sealed } = await complete(input);
    const passwordSealed = sealed !== undefined ? sealed : server.auth?.pass ? await box.seal(server.auth.pass) : null;
    const values = {
      host: server.host,
      port: server.port,
      secure: server.secure,
      username: server.auth?.user ?? null,
      passwordSealed,
      fromAddress: from,
      updatedAt: new Date(),
    };
    await database.db
      .insert(mailSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: mailSettings.id, set: values });
  }

  return { route, view, complete, save };
}

export type MailSettings = ReturnType<typeof createMailSettings>;

function serverFromUrl(url: string): SmtpServer {
  const { host, port, secure, user, password } = serverOfUrl(url, '');
  return { host, port, secure, ...(user ? { auth: { user, pass: password ?? '' } } : {}) };
}
