import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON lines (pino), one object per event. Nothing personal goes in: no request
 * bodies, names, phone numbers or e-mail addresses; errors are logged through safeError().
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'rim-country-carpentry' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A safety net: no secret is logged on purpose, and one passed in by mistake is blanked.
      redact: {
        paths: [
          'password',
          'pass',
          'currentPassword',
          'smtpUrl',
          'token',
          'authToken',
          '*.password',
          '*.pass',
          '*.smtpUrl',
          '*.authToken',
          'auth',
        ],
        censor: '[hidden]',
      },
    },
    options.destination,
  );
}

/** A logger that drops everything (tests and scripts that do not care). */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * What of an error may be logged: its name, code and the first line of its message, with quoted
 * values blanked. drizzle's "Failed query: ...\nparams: <name>,<phone>..." is replaced by the
 * database error underneath it. Log it under the key `error` (pino rewrites `err`).
 */
export function safeError(error: unknown): { type: string; code?: string; message: string } {
  const current = innermost(error);
  if (!(current instanceof Error)) return { type: typeof current, message: blankValues(String(current)) };
  const code = (current as { code?: unknown }).code;
  return {
    type: current.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    message: blankValues(current.message),
  };
}

/** Where an unexpected error came from: the first call-site lines of its stack, never its message. */
export function stackFrames(error: unknown): string[] | undefined {
  const current = innermost(error);
  if (!(current instanceof Error) || !current.stack) return undefined;
  return current.stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, 3);
}

/** The driver's error inside drizzle's wrapper, whose own message lists the query's values. */
function innermost(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && isDrizzleWrapper(current); depth++) current = current.cause;
  return current;
}

function isDrizzleWrapper(value: unknown): value is Error & { cause: unknown } {
  return value instanceof Error && value.cause !== undefined && value.message.startsWith('Failed query:');
}

function blankValues(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/"[^"]*"|'[^']*'/g, '"…"')
    .slice(0, 200);
}
