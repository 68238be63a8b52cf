import { z } from 'zod';
import { usPhone } from './business-details';

/**
 * Text messages in Settings (GET/PUT /api/owner/text-settings): the owner's Twilio Account SID,
 * auth token and the number (or Messaging Service) he registered. One schema for the card and the
 * route; the token is never sent back.
 */
export const textSettingsMessages = {
  accountSid: 'Please paste the Account SID from your Twilio Console: AC followed by 32 letters and digits.',
  authToken: 'Please paste the auth token from your Twilio Console: 32 letters and digits.',
  sender:
    'Please enter the Twilio number you text from, such as (928) 555-0100, or the SID of your Messaging Service (MG followed by 32 letters and digits).',
  testTo: 'Please enter a US mobile number with its area code for the test text.',
  body: 'Please write the text (up to 1,000 characters).',
} as const;

/** The number in E.164 (+19285550100), or a Messaging Service SID kept as it is. */
export function textSenderOf(value: string): string | null {
  const trimmed = value.trim();
  if (/^MG[0-9a-f]{32}$/i.test(trimmed)) return `MG${trimmed.slice(2).toLowerCase()}`;
  return usPhone(trimmed)?.e164 ?? null;
}

export const textSettingsSchema = z.object({
  accountSid: z
    .string(textSettingsMessages.accountSid)
    .trim()
    .regex(/^AC[0-9a-f]{32}$/i, textSettingsMessages.accountSid)
    .transform((sid) => `AC${sid.slice(2).toLowerCase()}`),
  /** Blank keeps the token saved before. */
  authToken: z
    .string(textSettingsMessages.authToken)
    .trim()
    .regex(/^([0-9a-z]{32})?$/i, textSettingsMessages.authToken)
    .optional()
    .transform((token) => token || undefined),
  sender: z
    .string(textSettingsMessages.sender)
    .max(64, textSettingsMessages.sender)
    .refine((value) => textSenderOf(value) !== null, textSettingsMessages.sender)
    .transform((value) => textSenderOf(value)!),
});

export type TextSettingsInput = z.input<typeof textSettingsSchema>;

export const textTestSchema = z.object({
  to: z
    .string(textSettingsMessages.testTo)
    .max(40, textSettingsMessages.testTo)
    .refine((value) => usPhone(value) !== null, textSettingsMessages.testTo)
    .transform((value) => usPhone(value)!.e164),
});

/** The owner's text to a homeowner from her request's page (POST /api/owner/requests/<id>/texts). */
export const ownerTextSchema = z.object({
  body: z
    .string(textSettingsMessages.body)
    .trim()
    .min(1, textSettingsMessages.body)
    .max(1000, textSettingsMessages.body),
});

/** GET /api/owner/text-settings: what the site texts with now, without the token. */
export interface TextSettingsView {
  /** `saved`: set in the app; `server`: the server's own setting (TWILIO_*); `none`: texts are off. */
  source: 'saved' | 'server' | 'none';
  accountSid: string;
  sender: string;
  tokenSaved: boolean;
  /** A saved token this server cannot read (the site moved to a new server): type it again. */
  tokenUnreadable: boolean;
  /** Where the test text goes unless he types another number: the business phone. */
  testTo: string | null;
}

/** POST /api/owner/text-settings/test: Twilio's answer, in plain words. */
export interface TextTestResult {
  ok: boolean;
  message: string;
}

/** One text of a request's thread (GET /api/owner/requests/<id> `texts`). */
export interface ThreadText {
  id: string;
  direction: 'in' | 'out';
  body: string;
  /** out: scheduled (due later: `at` is when), queued, sent, delivered, failed, undelivered; in: received. */
  status: string;
  /** Hers: still waiting for his answer. */
  waiting?: boolean;
  /** Why it failed, in words (the carrier's reason), or why it waits. */
  error: string | null;
  at: string;
}
