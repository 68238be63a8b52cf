import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from './env';

afterEach(() => {
  vi.restoreAllMocks();
});

/** parseEnv refuses a bad setting by printing it and exiting: what it printed, the exit stopped. */
function refusal(source: NodeJS.ProcessEnv): string {
  const printed: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
  vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    throw new Error(`exit ${code}`);
  }) as typeof process.exit);
  expect(() => parseEnv(source)).toThrow('exit 1');
  return printed.join('\n');
}

describe('the settings', () => {
  it('default as the owner’s guide says when not set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      RATE_LIMIT_PER_MINUTE: 10,
      LEAD_REMINDER_MINUTES: [60, 1200],
      REVIEW_REQUEST_DELAY_MINUTES: 120,
      REVIEW_REMINDER_DAYS: 5,
      INVOICE_REMINDER_DAYS: [3, 10],
      BACKUP_KEEP: 14,
      BACKUP_HOUR: 3,
    });
    expect(env.BACKUP_DIR).toBeUndefined();
  });

  it('take 0 where 0 means at once or off, and an empty value as not set', () => {
    expect(
      parseEnv({ REVIEW_REQUEST_DELAY_MINUTES: '0', REVIEW_REMINDER_DAYS: '0', INVOICE_REMINDER_DAYS: '0' }),
    ).toMatchObject({
      REVIEW_REQUEST_DELAY_MINUTES: 0,
      REVIEW_REMINDER_DAYS: 0,
      INVOICE_REMINDER_DAYS: [],
    });
    expect(parseEnv({ REVIEW_REQUEST_DELAY_MINUTES: '', BACKUP_KEEP: '' })).toMatchObject({
      REVIEW_REQUEST_DELAY_MINUTES: 120,
      BACKUP_KEEP: 14,
    });
  });

  it('refuse what cannot work, naming the setting', () => {
    expect(refusal({ REVIEW_REMINDER_DAYS: 'soon' })).toMatch(/REVIEW_REMINDER_DAYS/);
    expect(refusal({ INVOICE_REMINDER_DAYS: 'weekly' })).toMatch(/INVOICE_REMINDER_DAYS/);
    expect(refusal({ BACKUP_KEEP: '0' })).toMatch(/BACKUP_KEEP/);
    expect(refusal({ BACKUP_S3_PREFIX: 'nightly/' })).toMatch(/BACKUP_S3_PREFIX: needs S3_BUCKET/);
    expect(
      refusal({ BACKUP_DIR: '/backups', BACKUP_S3_PREFIX: 'nightly/', S3_BUCKET: 'b', S3_REGION: 'us-west-2' }),
    ).toMatch(/BACKUP_DIR: set BACKUP_DIR or BACKUP_S3_PREFIX, not both/);
  });
});

describe('compose.yaml’s postgres profile', () => {
  it('points the site at the compose file’s Postgres when the profile is on and nothing else is set', () => {
    expect(parseEnv({ COMPOSE_PROFILES: 'postgres', POSTGRES_PASSWORD: 'p@ss w/rd' }).DATABASE_URL).toBe(
      'postgres://postgres:p%40ss%20w%2Frd@postgres:5432/site',
    );
    expect(parseEnv({ COMPOSE_PROFILES: 'other, postgres' }).DATABASE_URL).toBe('postgres://postgres@postgres:5432/site');
  });

  it('leaves the embedded database without the profile, and a DATABASE_URL of his own as it is', () => {
    expect(parseEnv({ COMPOSE_PROFILES: '' }).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ COMPOSE_PROFILES: 'postgresql' }).DATABASE_URL).toBeUndefined();
    expect(
      parseEnv({ COMPOSE_PROFILES: 'postgres', DATABASE_URL: 'postgres://db.example.com/site' }).DATABASE_URL,
    ).toBe('postgres://db.example.com/site');
  });
});
