import type { RestException } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { loadOnce } from '../load-once';

/** Twilio's own API; TWILIO_API_URL may name another Twilio-compatible one (SignalWire's, or the tests' stand-in). */
export const twilioApiUrl = 'https://api.twilio.com';

export interface TwilioAccount {
  accountSid: string;
  authToken: string;
  /** The business number in E.164, or a Messaging Service SID (MG…). */
  sender: string;
}

export interface SentText {
  sid: string;
  status: string;
}

// The package is 10 MB of API surface: loaded on the first text, not at every start.
const loadTwilio = loadOnce(async () => (await import('twilio')).default);

/**
 * Sends one text with the official package. Its `httpClient` option takes a RequestClient of our
 * own, which only moves each call's origin to `apiUrl`: every Messages call then goes to
 * `<apiUrl>/2010-04-01/Accounts/<sid>/Messages.json`, signed and encoded by the package itself.
 */
export async function sendWithTwilio(
  account: TwilioAccount,
  message: { to: string; body: string; statusCallback?: string },
  apiUrl: string = twilioApiUrl,
): Promise<SentText> {
  const twilio = await loadTwilio();
  const base = apiUrl.replace(/\/+$/, '');
  class ApiUrlClient extends twilio.RequestClient {
    override request<T>(opts: RequestClient.RequestOptions<T>) {
      const uri = new URL(opts.uri);
      return super.request<T>({ ...opts, uri: `${base}${uri.pathname}${uri.search}` });
    }
  }
  const client = twilio(account.accountSid, account.authToken, {
    httpClient: new ApiUrlClient({ timeout: 15_000 }),
  });
  const from = account.sender.startsWith('MG') ? { messagingServiceSid: account.sender } : { from: account.sender };
  const sent = await client.messages.create({
    to: message.to,
    body: message.body,
    ...from,
    ...(message.statusCallback ? { statusCallback: message.statusCallback } : {}),
  });
  return { sid: sent.sid, status: sent.status };
}

/** Twilio's error code of a refusal (20003, 21610, …), or undefined for anything else. */
export function twilioCode(error: unknown): number | undefined {
  const code = (error as Partial<RestException> | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** Refusals no retry mends: she replied STOP (21610), a number that takes no texts (21211, 21614). */
export const permanentTwilioCodes = new Set([21610, 21211, 21614, 21612]);

/** What Twilio answered, as the owner can act on it (Send me a test text, a failed text's reason). */
export function twilioErrorInWords(error: unknown): string {
  const code = twilioCode(error);
  const status = (error as { status?: number } | null)?.status;
  switch (code) {
    case 20003:
      return 'Twilio refused the Account SID or auth token. Copy both again from your Twilio Console (Account Info).';
    case 21610:
      return 'This number replied STOP, so Twilio will not send it texts until it replies START.';
    case 21608:
      return 'Twilio sends only to verified numbers from a trial account. Upgrade the account, or verify the number in your Twilio Console.';
    case 21606:
    case 21212:
    case 21659:
      return 'The number you send from is not one of your Twilio account. Copy the number (or Messaging Service) from your Twilio Console.';
    case 30007:
      return 'The carrier filtered the text as unregistered business texting. Finish the A2P 10DLC registration of your number (see the guide, Text messages).';
    case 30034:
      return 'Your number is not yet registered for business texting (A2P 10DLC). Finish the registration in your Twilio Console (see the guide, Text messages).';
    case 21211:
    case 21614:
      return 'This number cannot receive texts.';
  }
  if (status !== undefined && status >= 500)
    return 'Twilio is not answering just now. The text will go as soon as it does.';
  if (code !== undefined) return `Twilio refused the text (error ${code}).`;
  const message = error instanceof Error ? error.message : String(error);
  if (/ECONNREFUSED|ENOTFOUND|ETIMEDOUT|timeout|socket hang up/i.test(message))
    return 'Twilio could not be reached just now. The text will go as soon as it can.';
  return 'The text could not be sent.';
}

/** Carrier error codes of a status post (ErrorCode), in words for the thread. */
export function carrierReason(code: string | undefined): string | null {
  if (!code) return null;
  const known: Record<string, string> = {
    '30003': 'her phone is off or out of reach',
    '30004': 'the number blocks texts',
    '30005': 'the number does not exist',
    '30006': 'the number is a landline or cannot take texts',
    '30007': 'the carrier filtered it (register your number for business texting)',
    '30008': 'the carrier gave no reason',
    '30034': 'your number is not yet registered for business texting',
    '21610': 'she replied STOP',
  };
  return known[code] ?? `the carrier refused it (error ${code})`;
}
