import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { listenOn } from './free-port';
import { setupTimeout } from './http';

export interface TestSmtpServer {
  url: string;
  port: number;
  /** Every message accepted so far, parsed. */
  received: ParsedMail[];
  /** The envelope recipients of every message whose data began, including stalled ones. */
  dataStarted: string[][];
  /** Accepted messages with this subject. */
  withSubject: (subject: string) => ParsedMail[];
  close: () => Promise<void>;
}

export interface TestSmtpOptions {
  /** Listen here (a mail server coming back where it was); default a random port. */
  port?: number;
  /** Refuse recipients with this answer: `address` only, or every one. */
  refuse?: { address?: string; code: number; message: string };
  /** Take the message data but never answer its end, as a mail server that hangs does. */
  stall?: boolean;
  /** Ask for this user name and password (without TLS: the tests' loopback), refusing others with 535. */
  auth?: { user: string; pass: string };
}

/** A real SMTP server (the smtp-server package) on loopback, for mail to arrive in tests. */
export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const dataStarted: string[][] = [];
  const server = new SMTPServer({
    authOptional: !options.auth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (!options.auth) return callback(null, { user: auth.username });
      const { user, pass } = options.auth;
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const { refuse } = options;
      if (!refuse || (refuse.address !== undefined && refuse.address !== address.address)) return callback();
      callback(Object.assign(new Error(refuse.message), { responseCode: refuse.code }));
    },
    onData(stream, session, callback) {
      dataStarted.push(session.envelope.rcptTo.map((recipient) => recipient.address));
      if (options.stall) {
        stream.resume();
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client killed mid-session resets its connection: not an error of the test.
  server.on('error', () => {});
  await listenOn(server.server, options.port ?? 0);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    dataStarted,
    withSubject: (subject) => received.filter((mail) => mail.subject === subject),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SMTP server of a describe block's tests: started before them, closed after them. */
export function smtpServerForTests(options: TestSmtpOptions = {}): () => TestSmtpServer {
  let server: TestSmtpServer | undefined;
  beforeAll(async () => {
    server = await startSmtpServer(options);
  }, setupTimeout);
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('smtpServerForTests: used before its beforeAll ran');
    return server;
  };
}
