import type { Logger } from '../../logger';
import { createMailer, defaultMailerTimeouts, smtpMailer, type MailerTimeouts } from '../alerts/mailer';
import type { Mailer } from '../alerts/types';
import { MailPasswordUnreadable, type MailRoute, type MailSettings } from './mail-settings';

/** The mailer of server/index.ts, and whether mail reaches someone now. */
export interface ConfiguredMailer extends Mailer {
  /** SMTP now (saved settings or SMTP_URL), as the database says at this moment. */
  sendsBySmtp(): Promise<boolean>;
}

/**
 * The site's one mailer, which follows the mail settings as they are now: at each message it reads
 * the route (mail-settings.ts: saved in the app, else SMTP_URL, else the .eml folder) and keeps
 * one SMTP connection setup per version of it, so a change saved on any server is what the next
 * message goes through, on every server, without a restart. Saved settings bring their own
 * sender (From); the others keep the message's (MAIL_FROM).
 */
export async function createConfiguredMailer(options: {
  settings: MailSettings;
  outboxDir: string;
  logger: Logger;
  timeouts?: Partial<MailerTimeouts>;
}): Promise<ConfiguredMailer> {
  const files = createMailer({ outboxDir: options.outboxDir, logger: options.logger });
  let current: { version: string; mailer: Mailer } | null = null;
  let kind: Mailer['kind'] = 'files';

  const mailerFor = (route: MailRoute): Mailer => {
    if (route.source === 'none') return files;
    if (route.source === 'unreadable') throw new MailPasswordUnreadable();
    if (current?.version === route.version) return current.mailer;
    current?.mailer.close();
    const server = route.source === 'saved' ? route.server : route.url;
    current = { version: route.version, mailer: smtpMailer(server, { ...defaultMailerTimeouts, ...options.timeouts }) };
    options.logger.info({ source: route.source }, 'mail goes through the settings as they are now');
    return current.mailer;
  };
  const now = async () => {
    const route = await options.settings.route();
    kind = route.source === 'none' ? 'files' : 'smtp';
    return route;
  };
  await now();

  return {
    get kind() {
      return kind;
    },
    async send(message) {
      const route = await now();
      return mailerFor(route).send(route.source === 'saved' ? { ...message, from: route.from } : message);
    },
    async verify() {
      try {
        return await mailerFor(await now()).verify();
      } catch {
        return false;
      }
    },
    async sendsBySmtp() {
      return (await now()).source !== 'none';
    },
    close() {
      current?.mailer.close();
      files.close();
    },
  };
}
