import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Logger } from '../../logger';
import { makePrivateFolder, writePrivateFile } from '../../private-files';
import type { Mailer } from './types';

export interface MailerTimeouts {
  /** Connecting to the SMTP server (TCP and TLS). */
  connectionMs: number;
  /** Waiting for the server's 220 greeting. */
  greetingMs: number;
  /** Silence on an open connection before giving up. */
  socketMs: number;
  /** The whole of verify(). */
  verifyMs: number;
}

export const defaultMailerTimeouts: MailerTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
  verifyMs: 15_000,
};

/**
 * SMTP when `smtpUrl` is set (smtp://user:pass@host:587 with STARTTLS, smtps://…:465 with TLS),
 * otherwise one .eml file per message in `outboxDir`. Errors of send() are nodemailer's own
 * (with `code`, `responseCode`, `command`); see isPermanentMailError().
 */
export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  logger: Logger;
  timeouts?: Partial<MailerTimeouts>;
}): Mailer {
  const timeouts = { ...defaultMailerTimeouts, ...options.timeouts };
  return options.smtpUrl ? smtpMailer(options.smtpUrl, timeouts) : filesMailer(options.outboxDir, options.logger);
}

/** A mail server by its parts, as the owner saves it in Settings (services/mail-settings). */
export interface SmtpServer {
  host: string;
  port: number;
  /** TLS from the first byte (465); otherwise STARTTLS. */
  secure: boolean;
  auth?: { user: string; pass: string };
}

/** A password crosses the network only encrypted: STARTTLS is required unless the server is this machine. */
const isLoopback = (host: string) => host === 'localhost' || /^127\./.test(host) || host === '::1' || host === '[::1]';

/** SMTP to `server` (an smtp:// or smtps:// address, or its parts): sends, verifies, closes. */
export function smtpMailer(server: string | SmtpServer, timeouts: MailerTimeouts = defaultMailerTimeouts): Mailer {
  const transport = createTransport({
    ...(typeof server === 'string'
      ? { url: server }
      : { ...server, requireTLS: Boolean(server.auth) && !server.secure && !isLoopback(server.host) }),
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // Messages carry buffers only; never let a field make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    // nodemailer's own logger would print addresses and subjects.
    logger: false,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail(message);
      return { messageId: info.messageId };
    },
    async verify() {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeouts.verifyMs);
      });
      const verified = transport.verify().then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([verified, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transport.close();
    },
  };
}

function filesMailer(outboxDir: string, logger: Logger): Mailer {
  const dir = path.resolve(outboxDir);
  // Builds the full RFC 822 message in memory, exactly as it would go over SMTP.
  const builder = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: 'files',
    async send(message) {
      const info = await builder.sendMail(message);
      const bytes = info.message as Buffer;
      await makePrivateFolder(dir);
      const file = path.join(dir, `${fileStamp(new Date())}-${shortId(info.messageId)}.eml`);
      await writePrivateFile(file, bytes, { sync: true });
      logger.info({ file }, 'E-mail written to the outbox folder (no SMTP_URL set)');
      return { messageId: info.messageId, file };
    },
    async verify() {
      try {
        await makePrivateFolder(dir);
        const probe = path.join(dir, `.verify-${randomBytes(4).toString('hex')}`);
        await writePrivateFile(probe, Buffer.alloc(0));
        await unlink(probe);
        return true;
      } catch {
        return false;
      }
    },
    close() {},
  };
}

/**
 * True when the SMTP server refused the recipient for good: a 5xx answer to RCPT TO (e.g. 550 no
 * such user). Retrying will not help. 503 is left out: it means "bad sequence of commands", a
 * session problem rather than a verdict on the address.
 */
export function isPermanentMailError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { command, responseCode } = error as { command?: unknown; responseCode?: unknown };
  return (
    command === 'RCPT TO' &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    responseCode !== 503
  );
}

/** 2026-11-23T21:05:00.123Z -> 2026-11-23T21-05-00-123Z: sorts by time, valid on every file system. */
function fileStamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** A few characters of the Message-ID, so a file can be matched to its delivery. */
function shortId(messageId: string): string {
  const id = messageId.replace(/^<|@.*$|>$/g, '').replace(/[^A-Za-z0-9-]/g, '');
  return (id || randomBytes(4).toString('hex')).slice(0, 12);
}
