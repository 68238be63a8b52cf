/**
 * Errors that mean "the database cannot be reached or cannot answer right now", as opposed to a
 * bug or bad data: the API answers them with 503 and Retry-After instead of 500.
 */
const unavailableSqlStates = new Set([
  '57P01', // admin_shutdown: "terminating connection due to administrator command"
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '57014', // query_canceled: our statement_timeout fired
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '25P03', // idle_in_transaction_session_timeout
  '25006', // read_only_sql_transaction: a standby after a failover, not yet promoted
]);
const unavailableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres reports lost connections and its own timeouts with plain messages.
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (unavailableErrnos.has(code) || unavailableSqlStates.has(code))) return true;
    // SQLSTATE class 08: connection exceptions.
    if (typeof code === 'string' && /^08[0-9A-Z]{3}$/.test(code)) return true;
    // drizzle's wrapper message quotes the query and its values: only its cause counts.
    const wrapper = typeof message === 'string' && message.startsWith('Failed query:');
    if (!wrapper && typeof message === 'string' && unavailableMessages.test(message)) return true;
    current = cause;
  }
  return false;
}

/** Why the database is unavailable, for /api/health and the logs (no query, no data). */
export function unavailableReason(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause, message } = current as { code?: unknown; cause?: unknown; message?: unknown };
    if (typeof message === 'string' && message.startsWith('Failed query:') && cause) {
      current = cause;
      continue;
    }
    if (code === '57014') return 'the database did not answer in time';
    if (code === 'ECONNREFUSED') return 'the database refused the connection';
    if (code === '25006') return 'the database is read-only (a standby?)';
    if (typeof code === 'string' && code.startsWith('57P')) return 'the database is shutting down or starting up';
    if (typeof message === 'string' && /timeout/i.test(message)) return 'the database did not answer in time';
    if (typeof message === 'string' && /terminated|closed/i.test(message))
      return 'the connection to the database was lost';
    if (typeof code === 'string') return `database unreachable (${code})`;
    current = cause;
  }
  return 'the database is unreachable';
}
