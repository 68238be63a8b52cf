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
    },
    options.destination,
  );
}

/** A logger that drops everything (tests and scripts that do not care). */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * What of an error may be logged: its name, code and a short message, without values a query
 * carried. drizzle's "Failed query: ... params: <name>,<phone>..." message is replaced by the
 * message of the database error underneath.
 */
export function safeError(error: unknown): { type: string; code?: string; message: string } {
  let current: unknown = error;
  // drizzle wraps the driver's error; its own message lists the query's parameters.
  while (isError(current) && current.name === 'DrizzleQueryError' && current.cause) current = current.cause;
  if (!isError(current)) return { type: typeof current, message: String(current).slice(0, 200) };
  const code = (current as { code?: unknown }).code;
  return {
    type: current.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    message: current.message.split('\n')[0]!.slice(0, 200),
  };
}

function isError(value: unknown): value is Error {
  return value instanceof Error;
}
