// Module hooks (they run in a thread of their own): each specifier resolved is written down as asked.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  if (process.env.RECORD_IMPORTS) appendFileSync(process.env.RECORD_IMPORTS, `${specifier}\n`);
  return nextResolve(specifier, context);
}
