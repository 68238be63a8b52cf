import { z } from 'zod';
import { business } from '@shared/content/business';
import { BusinessHoursError, parseBusinessHours } from '@shared/business-hours';
import { defaultPushServiceHosts, pushServiceHostPattern } from '@shared/push-service-hosts';
import { defaultSiteUrl } from '@shared/site';
import { withComposePostgres } from './compose-postgres';

/**
 * The only reader of process.env on the server. Parsed once at start-up; a bad value stops the
 * process with a message that names the variable.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());
const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Express 'trust proxy': off, on, a hop count, or names/addresses such as `loopback` or `10.0.0.0/8`. */
const trustProxy = z
  .string()
  .regex(/^[\w.:/, -]+$/, 'use true, false, a number of hops, or addresses such as loopback')
  .transform((value): boolean | number | string => {
    if (value === 'true' || value === 'false') return value === 'true';
    return /^\d+$/.test(value) ? Number(value) : value;
  });

/** `https://www.example.com/` -> `https://www.example.com` (scheme, host and port only). */
const origin = z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin);
/** `a, b,c` -> ['a', 'b', 'c']: a comma-separated setting, blanks around items and empty items dropped. */
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);
const originList = commaList.pipe(z.array(origin));

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `must be base64url (${what})`)
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, `must be ${bytes} bytes (${what})`);

/** `60,1200`: business minutes after which a request still New sends a reminder, each once. */
const reminderMinutes = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'use whole minutes separated by commas, such as 60,1200')
  .transform((value) => [...new Set(value.split(',').map(Number))].filter((n) => n > 0).sort((a, b) => a - b));

/** `3,7`: days after an estimate is sent, each one follow-up (fractional days allowed); `0`: none. */
const followUpDays = z
  .string()
  .regex(
    /^\s*(\d+(\.\d+)?|\.\d+)(\s*,\s*(\d+(\.\d+)?|\.\d+))*\s*$/,
    'use days separated by commas, such as 3,7 (0: none)',
  )
  .transform((value) => [...new Set(value.split(',').map(Number))].filter((n) => n > 0).sort((a, b) => a - b));

const businessHours = z.string().transform((value, ctx) => {
  try {
    return parseBusinessHours(value);
  } catch (error) {
    if (!(error instanceof BusinessHoursError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});

/** `fcm.googleapis.com,*.push.apple.com`: the hosts push subscriptions may point at. */
const pushServiceHosts = commaList.pipe(
  z
    .array(
      z
        .string()
        .toLowerCase()
        .regex(pushServiceHostPattern, 'use host names such as fcm.googleapis.com or *.push.apple.com'),
    )
    .min(1, 'list at least one push service host'),
);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(5000)),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
    DATABASE_URL: optional(z.url()),
    /** Folder for the embedded database and local uploads. */
    DATA_DIR: z.string().min(1).default('data'),
    LOG_REQUESTS: optional(z.enum(['true', 'false'])),
    /** true: load at start what is otherwise loaded on first use (services/first-use.ts); for benchmarks. */
    LOAD_EAGERLY: optional(z.enum(['true', 'false'])),
    /** Requests per minute and IP on each POST endpoint; 0 turns the limit off. */
    RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(10)),
    TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxy.default(false)),
    /** Upcoming estimate visits booked from one client address (as the rate limit sees it); 0 turns the limit off. */
    VISIT_LIMIT_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(3)),
    /** Signs local upload URLs. Unset: a random secret kept in DATA_DIR/upload-secret. */
    UPLOAD_SIGNING_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    /** Setting S3_BUCKET switches photo storage from local disk to S3. */
    S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'is not a valid bucket name')),
    S3_REGION: optional(z.string().min(1)),
    S3_ENDPOINT: optional(z.url()),
    S3_FORCE_PATH_STYLE: optional(booleanString),
    S3_PREFIX: optional(
      z.string().regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'use letters, digits, . _ - and /'),
    ),
    /** The site's public origin; photo links and upload URLs are built from it, never from Host. */
    SITE_URL: z.preprocess(emptyToUndefined, origin.default(defaultSiteUrl)),
    /** Further origins the site is reached under (e.g. the bare domain), comma-separated. */
    ALLOWED_ORIGINS: z.preprocess(emptyToUndefined, z.string().default('').pipe(originList)),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /** smtp://user:pass@host:587 or smtps://user:pass@host:465. Unset: e-mails are written to DATA_DIR/outbox. */
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'use smtp://user:pass@host:587 or smtps://…:465' })),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default(`${business.name} <${business.email}>`)),
    /** The DNS servers Check my domain asks (`127.0.0.1:5353,[::1]:53`); unset: the system's resolver. */
    DNS_SERVERS: z.preprocess(
      emptyToUndefined,
      commaList
        .pipe(
          z.array(
            z
              .string()
              .regex(
                /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?|[0-9A-Fa-f:]+)$/,
                'use IP addresses with an optional port, such as 1.1.1.1 or 127.0.0.1:5353',
              ),
          ),
        )
        .optional(),
    ),
    /** Texts to homeowners through the owner's Twilio account, until he saves his own in Settings, Text messages. */
    TWILIO_ACCOUNT_SID: optional(z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'is AC followed by 32 hex digits')),
    TWILIO_AUTH_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
    /** The Twilio number texts come from (E.164, such as +19285550100) or a Messaging Service SID (MG…). */
    TWILIO_FROM: optional(z.string().regex(/^(\+1\d{10}|MG[0-9a-fA-F]{32})$/, 'use +1 and ten digits, or MG…')),
    /** Another Twilio-compatible API (SignalWire's, or a stand-in in the tests); default Twilio's own. */
    TWILIO_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://api.twilio.com')),
    /** The hour (Arizona time, 0-23) of the visit's reminder text the day before. */
    VISIT_TEXT_REMINDER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(8).max(19).default(9)),
    /** Where alerts, reminders and reset links go until the owner saves an E-mail in /owner/settings (then there). */
    OWNER_EMAIL: optional(z.email()),
    ALERT_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/ })),
    ALERT_WEBHOOK_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
    /** First retry of a failed e-mail or webhook after this many seconds, doubling up to an hour. */
    OUTBOX_RETRY_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(30)),
    /** How long one server instance holds a delivery it is sending before another may take it over. */
    OUTBOX_LEASE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(120)),
    /** The Web Push key pair (VAPID), both or neither. Unset: a pair created once and kept in the database. */
    VAPID_PUBLIC_KEY: optional(base64url(65, 'an uncompressed P-256 public key')),
    VAPID_PRIVATE_KEY: optional(base64url(32, 'a P-256 private key')),
    /** The browsers' push services a subscription may point at (shared/push-service-hosts.ts). */
    PUSH_SERVICE_HOSTS: z.preprocess(
      emptyToUndefined,
      z.string().default(defaultPushServiceHosts.join(',')).pipe(pushServiceHosts),
    ),
    LEAD_REMINDER_MINUTES: z.preprocess(emptyToUndefined, reminderMinutes.default([60, 1200])),
    /** When business time runs, for the reminders; default: the business's hours in shared/content/business.ts. */
    BUSINESS_HOURS: optional(businessHours),
    /** Minutes from Job done to the review request e-mail; 0 sends it at once (business hours do not apply). */
    REVIEW_REQUEST_DELAY_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(120)),
    /** Days from the review request to its one reminder; 0 sends none. */
    REVIEW_REMINDER_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(5)),
    /** Days the raw page views are kept (the daily visitor counts stay for good). */
    VIEW_DATA_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(90)),
    /** The tax rate (percent) a new estimate starts with, until the owner sets his own in /owner/settings. */
    ESTIMATE_TAX_RATE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(25).default(0)),
    /** Days after an estimate is sent when a follow-up goes to the homeowner, each once; 0 sends none. */
    ESTIMATE_FOLLOW_UP_DAYS: z.preprocess(emptyToUndefined, followUpDays.default([3, 7])),
    INVOICE_REMINDER_DAYS: z.preprocess(emptyToUndefined, followUpDays.default([3, 10])),
    /** How often each server checks whether the owner published something (the site content version). */
    CONTENT_CHECK_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(60).default(2)),
    /** Nightly backups to this folder (best on another disk), or to BACKUP_S3_PREFIX in the S3 bucket. */
    BACKUP_DIR: optional(z.string().min(1)),
    BACKUP_S3_PREFIX: optional(
      z.string().regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'use letters, digits, . _ - and /'),
    ),
    /** How many nightly backups are kept; older ones are deleted. */
    BACKUP_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(14)),
    /** The hour (Arizona time, 0-23) the nightly backup starts. */
    BACKUP_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(23).default(3)),
    /** Longest wait on SIGTERM for requests in flight and mail being sent before a forced exit. */
    SHUTDOWN_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(10)),
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET && !env.S3_REGION) {
      ctx.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'is required when S3_BUCKET is set' });
    }
    if (env.BACKUP_S3_PREFIX && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_S3_PREFIX'],
        message: 'needs S3_BUCKET (backups go to that bucket)',
      });
    }
    if (env.BACKUP_S3_PREFIX && env.BACKUP_DIR) {
      ctx.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message: 'set BACKUP_DIR or BACKUP_S3_PREFIX, not both' });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'set both VAPID keys, or neither' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(withComposePostgres(source));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    console.error(`Invalid environment configuration:\n${problems}`);
    process.exit(1);
  }
  return result.data;
}
