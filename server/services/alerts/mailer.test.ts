import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../logger';
import { capturingLogger } from '../../test/log';
import { startSmtpServer } from '../../test/smtp';
import { createMailer, isPermanentMailError } from './mailer';
import { ownerAlertMessage } from './messages';
import type { Mailer } from './types';
import { alertQuote, alertSettings } from '../../test/alert-quote';

const settings = alertSettings;

const quote = alertQuote({
  // Quotes, a comma and accents: all of them break a hand-built "Name <address>" header.
  name: 'José "Pepe" O\'Neil, Jr.',
  email: 'pepe@example.com',
  message: 'Line one\nLine two',
});

const photo = {
  link: 'https://www.rimcountrycarpentry.example/api/objects/9c5b94b1-35ad-49bb-b118-8e8fc24abf80',
  attachment: { filename: 'deck.jpg', contentType: 'image/jpeg', content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]) },
};

// Not server/test/http.ts: it pulls in the storage code, which these tests do not need.
async function tempDir(label: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `rcc-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

// Short, for the server that never greets; wide for the ones that answer, whose greeting a busy
// machine may delay past half a second (a bound there would fail a working server).
const hungTimeouts = { connectionMs: 1_000, greetingMs: 500, socketMs: 1_000, verifyMs: 2_000 };
const answeringTimeouts = { connectionMs: 30_000, greetingMs: 30_000, socketMs: 30_000, verifyMs: 30_000 };

/** Accepts connections and never says a word: a hung mail server. */
async function startSilentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('SMTP mailer', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  const mailers: Mailer[] = [];
  const smtp = (url: string, timeouts = answeringTimeouts) => {
    const mailer = createMailer({ smtpUrl: url, outboxDir: temp.dir, logger: silentLogger, timeouts });
    mailers.push(mailer);
    return mailer;
  };

  beforeAll(async () => {
    temp = await tempDir('mailer-smtp');
  });
  afterEach(() => {
    for (const mailer of mailers.splice(0)) mailer.close();
  });
  afterAll(() => temp.remove());

  it('delivers the owner alert with its subject, Reply-To and photo', async () => {
    const server = await startSmtpServer();
    try {
      const mailer = smtp(server.url);
      expect(mailer.kind).toBe('smtp');
      const messageId = '<delivery-1@rimcountrycarpentry.example>';
      const result = await mailer.send(ownerAlertMessage(quote, settings, photo, { messageId }));
      expect(result).toEqual({ messageId });

      expect(server.received).toHaveLength(1);
      const mail = server.received[0]!;
      expect(mail.subject).toBe('New quote: Deck in Payson (José "Pepe" O\'Neil, Jr.)');
      expect(mail.messageId).toBe(messageId);
      expect(mail.replyTo?.value).toEqual([{ name: 'José "Pepe" O\'Neil, Jr.', address: 'pepe@example.com' }]);
      expect(mail.text).toContain('Line one\nLine two');
      expect(mail.html).toContain('Line one<br>');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.filename).toBe('deck.jpg');
      expect(mail.attachments[0]!.contentType).toBe('image/jpeg');
      expect(mail.attachments[0]!.content.equals(photo.attachment.content)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('rejects at once when the server is down: the connection refused, no timeout waited for', async () => {
    const server = await startSmtpServer();
    await server.close();
    const mailer = smtp(server.url);
    const error = await rejection(mailer.send(ownerAlertMessage(quote, settings)));
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toMatch(/ECONNREFUSED/);
    expect(isPermanentMailError(error)).toBe(false);
    expect(await mailer.verify()).toBe(false);
  });

  it('gives up on a server that never greets, within its timeouts', async () => {
    const server = await startSilentServer();
    try {
      const mailer = smtp(server.url, hungTimeouts);
      const error = await rejection(mailer.send(ownerAlertMessage(quote, settings)));
      // Its own greeting timeout ended it (the test's 20 s would be a test timeout instead).
      expect(error).toMatchObject({ message: expect.stringMatching(/Greeting never received/) });
      expect(isPermanentMailError(error)).toBe(false);
      expect(await mailer.verify()).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('marks a 550 to RCPT TO as permanent', async () => {
    const server = await startSmtpServer({ refuse: { code: 550, message: 'No such user here' } });
    try {
      const error = await rejection(smtp(server.url).send(ownerAlertMessage(quote, settings)));
      expect(error).toMatchObject({ command: 'RCPT TO', responseCode: 550 });
      expect(isPermanentMailError(error)).toBe(true);
      expect(server.received).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('does not mark a 451 to RCPT TO as permanent', async () => {
    const server = await startSmtpServer({ refuse: { code: 451, message: 'Try again later' } });
    try {
      const error = await rejection(smtp(server.url).send(ownerAlertMessage(quote, settings)));
      expect(error).toMatchObject({ command: 'RCPT TO', responseCode: 451 });
      expect(isPermanentMailError(error)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('verifies a working server', async () => {
    const server = await startSmtpServer();
    try {
      expect(await smtp(server.url).verify()).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('isPermanentMailError ignores anything but a 5xx to RCPT TO', () => {
    expect(isPermanentMailError({ command: 'RCPT TO', responseCode: 553 })).toBe(true);
    expect(isPermanentMailError({ command: 'RCPT TO', responseCode: 503 })).toBe(false);
    expect(isPermanentMailError({ command: 'DATA', responseCode: 550 })).toBe(false);
    expect(isPermanentMailError({ command: 'AUTH PLAIN', responseCode: 535 })).toBe(false);
    expect(isPermanentMailError(new Error('boom'))).toBe(false);
    expect(isPermanentMailError(null)).toBe(false);
  });
});

describe('files mailer (no SMTP_URL)', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    temp = await tempDir('mailer-files');
  });
  afterAll(() => temp.remove());

  it('writes each message as a parseable .eml file and logs where', async () => {
    const { logger, lines } = capturingLogger();
    const outboxDir = path.join(temp.dir, 'outbox');
    const mailer = createMailer({ outboxDir, logger });
    expect(mailer.kind).toBe('files');
    expect(await mailer.verify()).toBe(true);

    const messageId = '<6d0f3e2a-1b2c-4d5e-8f90-a1b2c3d4e5f6@rimcountrycarpentry.example>';
    const result = await mailer.send(ownerAlertMessage(quote, settings, photo, { messageId }));
    expect(result.messageId).toBe(messageId);
    expect(path.dirname(result.file!)).toBe(outboxDir);
    expect(path.basename(result.file!)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-6d0f3e2a-1b2\.eml$/);
    // Only the finished file: no temporary left behind.
    expect(await readdir(outboxDir)).toEqual([path.basename(result.file!)]);
    // A lead's details: readable by the site's own user only, whatever the umask.
    expect((await stat(result.file!)).mode & 0o777).toBe(0o600);
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);

    const mail = await simpleParser(await readFile(result.file!));
    expect(mail.subject).toBe('New quote: Deck in Payson (José "Pepe" O\'Neil, Jr.)');
    expect(mail.replyTo?.value).toEqual([{ name: 'José "Pepe" O\'Neil, Jr.', address: 'pepe@example.com' }]);
    expect(mail.attachments).toHaveLength(1);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'info', file: result.file });
    // The log names the file, never the people.
    expect(lines.join('')).not.toMatch(/pepe|O'Neil|555-0199|owner@/i);
    mailer.close();
  });

  it('verify() is false when the folder cannot be created', async () => {
    const blocker = path.join(temp.dir, 'not-a-folder');
    await writeFile(blocker, 'x');
    const mailer = createMailer({ outboxDir: path.join(blocker, 'outbox'), logger: silentLogger });
    expect(await mailer.verify()).toBe(false);
    await expect(mailer.send(ownerAlertMessage(quote, settings))).rejects.toThrow();
  });
});
