import { z } from 'zod';

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

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(5000)),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
    DATABASE_URL: optional(z.url()),
    /** Folder for the embedded database and local uploads. */
    DATA_DIR: z.string().min(1).default('data'),
    LOG_REQUESTS: optional(z.enum(['true', 'false'])),
    /** Requests per minute and IP on each POST endpoint; 0 turns the limit off. */
    RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(10)),
    TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxy.default(false)),
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
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET && !env.S3_REGION) {
      ctx.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'is required when S3_BUCKET is set' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    console.error(`Invalid environment configuration:\n${problems}`);
    process.exit(1);
  }
  return result.data;
}
