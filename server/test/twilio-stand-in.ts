import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { waitFor } from './wait-for';

/** The account the stand-in knows: any other SID or token is refused with 20003, as Twilio does. */
export const standInAccount = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'f'.repeat(32),
  sender: '+19285550199',
} as const;

export interface StandInText {
  accountSid: string;
  to: string;
  from?: string;
  messagingServiceSid?: string;
  body: string;
  statusCallback?: string;
  sid: string;
}

/** Twilio's answers the stand-in can give: its error codes, or 500 (an outage). */
export type StandInFailure = 20003 | 21610 | 21608 | 30007 | 500;

export interface TwilioStandIn {
  /** `TWILIO_API_URL` for a server that should send here. */
  url: string;
  port: number;
  /** Every text Twilio would have taken, in order. */
  texts: StandInText[];
  /** Texts to one number. */
  textsTo: (phone: string) => StandInText[];
  /** Waits until `count` texts went to `phone` (within `withinMs`). */
  waitForTexts: (phone: string, count?: number, withinMs?: number) => Promise<StandInText[]>;
  /** Answer every call with this failure from now on (null: accept again). */
  failWith: (failure: StandInFailure | null) => void;
  /** Calls refused so far (an outage's retries). */
  refusals: () => number;
  close: () => Promise<void>;
}

const errorAnswers: Record<Exclude<StandInFailure, 500>, { status: number; message: string }> = {
  20003: { status: 401, message: 'Authenticate' },
  21610: { status: 400, message: 'Attempt to send to unsubscribed recipient' },
  21608: {
    status: 400,
    message: 'The number is unverified. Trial accounts cannot send messages to unverified numbers',
  },
  30007: { status: 400, message: 'Message filtered' },
};

/**
 * A stand-in of Twilio's Messages API on the loopback: POST
 * /2010-04-01/Accounts/<sid>/Messages.json with Basic auth and a form body, as the official
 * package sends it, answered with a message resource or with Twilio's error JSON.
 */
export async function startTwilioStandIn(options: { port?: number } = {}): Promise<TwilioStandIn> {
  const texts: StandInText[] = [];
  let failure: StandInFailure | null = null;
  let refused = 0;
  const server: Server = createServer((req, res) => {
    void answer(req).then(({ status, body }) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });

  async function answer(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match)
      return { status: 404, body: { code: 20404, message: 'Not found', status: 404 } };
    const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    const refuse = (code: Exclude<StandInFailure, 500>) => {
      refused += 1;
      const { status, message } = errorAnswers[code];
      return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
    };
    if (user !== standInAccount.accountSid || pass !== standInAccount.authToken || match[1] !== user)
      return refuse(20003);
    if (failure === 500) {
      refused += 1;
      return { status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } };
    }
    if (failure !== null) return refuse(failure);
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    const sid = `SM${String(texts.length + 1).padStart(32, '0')}`;
    const text: StandInText = {
      accountSid: match[1],
      to: form.get('To') ?? '',
      from: form.get('From') ?? undefined,
      messagingServiceSid: form.get('MessagingServiceSid') ?? undefined,
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback') ?? undefined,
      sid,
    };
    texts.push(text);
    return {
      status: 201,
      body: {
        sid,
        account_sid: text.accountSid,
        to: text.to,
        from: text.from ?? null,
        body: text.body,
        status: 'queued',
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const textsTo = (phone: string) => texts.filter((text) => text.to === phone);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    texts,
    textsTo,
    waitForTexts: (phone, count = 1, withinMs = 10_000) =>
      waitFor(`${count} text(s) to ${phone}`, withinMs, () =>
        textsTo(phone).length >= count ? textsTo(phone) : undefined,
      ),
    failWith: (next) => {
      failure = next;
    },
    refusals: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A form post as Twilio makes it to the site: the fields, and X-Twilio-Signature over `url` with the token. */
export function signedTwilioPost(
  url: string,
  fields: Record<string, string>,
  authToken: string = standInAccount.authToken,
): { method: 'POST'; headers: Record<string, string>; body: string } {
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilio.getExpectedTwilioSignature(authToken, url, fields),
    },
    body: new URLSearchParams(fields).toString(),
  };
}
