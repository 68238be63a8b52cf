import { createLogger } from '../logger';

/** A logger that keeps every line it writes, for tests that check what was logged (and what not). */
export function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines };
}
