import { z } from 'zod';

/**
 * E-mail sending (Settings): how the site sends its mail, set by the owner in the app. Saved, it
 * takes the place of the server's own setting on every server at once. The password is never sent
 * back: the form leaves it blank to keep the saved one.
 */
const hostPattern =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export const mailSettingsMessages = {
  host: 'Enter the mail server’s name, such as smtp.gmail.com.',
  port: 'Enter the port, a number such as 587 or 465.',
  from: 'Enter the address the e-mails come from, such as office@rimcountry.com or Rim Country Carpentry <office@rimcountry.com>.',
  smtpUrl: 'Enter an address that starts with smtp:// or smtps://, such as smtps://user:password@smtp.example.com:465.',
  user: 'The user name is too long.',
  currentPassword: 'Changing the mail server needs your current password: it carries your password-reset links.',
} as const;

/** `office@x.com` or `Rim Country Carpentry <office@x.com>`: the address inside, or null. */
export function senderAddress(from: string): string | null {
  const trimmed = from.trim();
  const inBrackets = /^[^<>]*<([^<>\s]+)>$/.exec(trimmed);
  const address = inBrackets ? inBrackets[1]! : trimmed;
  return z.email().safeParse(address).success ? address : null;
}

const fromSchema = z
  .string()
  .trim()
  .max(320)
  .refine((from) => senderAddress(from) !== null, mailSettingsMessages.from);

/** PUT /api/owner/mail-settings with the server's parts; an empty or missing password keeps the saved one. */
export const mailServerSchema = z.object({
  host: z.string().trim().regex(hostPattern, mailSettingsMessages.host),
  port: z.coerce
    .number({ error: mailSettingsMessages.port })
    .int(mailSettingsMessages.port)
    .min(1, mailSettingsMessages.port)
    .max(65535, mailSettingsMessages.port),
  secure: z.boolean(),
  user: z.string().trim().max(320, mailSettingsMessages.user).default(''),
  password: z.string().max(1000).optional(),
  from: fromSchema,
  /** Asked when the mail server changes (mail-settings routes): it carries the password-reset links. */
  currentPassword: z.string().max(1024).optional(),
});

/** PUT /api/owner/mail-settings with one SMTP address (`smtps://user:password@host:465`). */
export const mailUrlSchema = z.object({
  smtpUrl: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^smtps?$/, error: mailSettingsMessages.smtpUrl })),
  from: fromSchema,
  currentPassword: z.string().max(1024).optional(),
});

export type MailSettingsInput = z.input<typeof mailUrlSchema> | z.input<typeof mailServerSchema>;
export type MailServerInput = z.output<typeof mailServerSchema>;

/** GET /api/owner/mail-settings: what the site sends with now, without any password. */
export interface MailSettingsView {
  /** `saved`: set in the app; `server`: the server's own setting; `none`: mail is not sent yet. */
  source: 'saved' | 'server' | 'none';
  host: string;
  port: number;
  secure: boolean;
  user: string;
  from: string;
  /** A password is saved (never shown). */
  passwordSaved: boolean;
  /** A saved password this server cannot read (the site moved to a new server): type it again. */
  passwordUnreadable: boolean;
  /** Where the test e-mail goes: the owner's address. */
  testTo: string | null;
}

/** POST /api/owner/mail-settings/test: the mail server's answer, in plain words. */
export interface MailTestResult {
  ok: boolean;
  message: string;
}

/** One record of POST /api/owner/mail-settings/check-domain. */
export interface DomainRecordCheck {
  found: boolean;
  /** The record found. */
  record?: string;
  /** What to add at the domain's DNS when none was found. */
  add?: { type: 'TXT'; name: string; value?: string; help: string };
}

export interface DomainCheck {
  domain: string;
  spf: DomainRecordCheck;
  dkim: DomainRecordCheck;
  dmarc: DomainRecordCheck;
}
