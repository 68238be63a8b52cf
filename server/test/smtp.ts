import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  port: number;
  /** Every message accepted so far, parsed. */
  received: ParsedMail[];
  close: () => Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on loopback: on `port`, or a random one.
 * `rcptReply` makes it refuse every recipient with that answer.
 */
export async function startSmtpServer(
  options: { port?: number; rcptReply?: { code: number; message: string } } = {},
): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(_address, _session, callback) {
      if (!options.rcptReply) return callback();
      const error = Object.assign(new Error(options.rcptReply.message), { responseCode: options.rcptReply.code });
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
