import type Mail from 'nodemailer/lib/mailer';
import type { Business } from '@shared/content/business-facts';
import type { StoredQuoteFields } from '@shared/schemas/quote-request';

/** A stored quote request as the alerts see it (server/db/schema/requests.ts quote_requests). */
export interface QuoteForAlert extends StoredQuoteFields {
  id: string;
  receivedAt: Date;
}

/** Who sends (MAIL_FROM), who receives (the E-mail saved in Settings, else OWNER_EMAIL) and the site's public address (SITE_URL). */
export interface AlertSettings {
  from: string;
  ownerEmail: string;
  siteUrl: string;
  /** The business facts the messages show (the owner's saved ones); unset: shared/content/business.ts's. */
  business?: Business;
}

/** The photo of a request as the alerts can use it. */
export interface AlertPhoto {
  /** A link the owner can open from his phone (the site's own URL, or a presigned S3 GET). */
  link: string;
  /** The bytes, when the photo is small enough to attach. */
  attachment?: { filename: string; contentType: string; content: Buffer };
}

export type MailMessage = Mail.Options;

/** Sends e-mail: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'files';
  /** Resolves once the message is accepted (by the SMTP server, or written to disk); throws otherwise. */
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  /** True when the mail path works right now (SMTP: connect and greet; files: the folder is writable). */
  verify(): Promise<boolean>;
  close(): void;
}
