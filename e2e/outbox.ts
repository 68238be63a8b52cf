import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The e-mails a journey's server wrote to DATA_DIR/outbox (no SMTP_URL), parsed. */
export async function outbox(dataDir: string): Promise<ParsedMail[]> {
  const folder = path.join(dataDir, 'outbox');
  const files = await readdir(folder).catch(() => [] as string[]);
  return Promise.all(
    files.filter((f) => f.endsWith('.eml')).map(async (f) => simpleParser(await readFile(path.join(folder, f)))),
  );
}
