/**
 * `npm run owner:password`: sets the password of the owner's inbox (/owner) in the database the
 * server uses (DATABASE_URL, or the embedded PGlite in DATA_DIR), signs out every session and
 * removes every device that got notifications.
 * On a terminal it asks twice without showing what is typed; piped, it reads two lines from
 * standard input, so a script can set it. Only a slow hash (scrypt) is stored. PGlite can be
 * opened by one process at a time, so with the embedded database stop the server first.
 * Forgot the password? Run this again: the new one replaces it.
 */
import { pathToFileURL } from 'node:url';
import { parseEnv } from '../server/env';
import { keepNewFilesPrivate } from '../server/private-files';
import { setOwnerPassword } from '../server/services/owner/owner-sessions';
import { passwordProblem } from '../server/services/owner/password-hash';
import { openConfiguredDatabase } from './configured-database';

/** The two lines a script pipes in (a trailing CR of Windows line ends is dropped). */
export function twoLines(text: string): [string, string] | null {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  return lines.length >= 2 ? [lines[0]!, lines[1]!] : null;
}

/** What is wrong with the two entries, or null when the password can be set. */
export function entryProblem(first: string, second: string): string | null {
  if (first !== second) return 'The two passwords are not the same.';
  return passwordProblem(first);
}

/** Reads one line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          input.off('data', onData);
          input.setRawMode(false);
          input.pause();
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (character === '\u0003') {
          input.setRawMode(false);
          process.stdout.write('\n');
          process.exit(130);
        }
        if (character === '\u007f' || character === '\b') value = [...value].slice(0, -1).join('');
        else if (character >= ' ') value += character;
      }
    };
    input.on('data', onData);
  });
}

async function readAll(): Promise<string> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

async function main() {
  // What this writes under DATA_DIR (the embedded database's files) is the site's alone.
  keepNewFilesPrivate();
  const env = parseEnv();
  const database = await openConfiguredDatabase(env);
  try {
    let entries: [string, string] | null;
    if (process.stdin.isTTY) {
      console.log(`Set the password for the owner's inbox (at least 12 characters; a few words work well).`);
      entries = [await askHidden('New password: '), await askHidden('Type it again: ')];
    } else {
      entries = twoLines(await readAll());
      if (!entries) {
        console.error('Give the new password twice, on two lines of standard input.');
        process.exitCode = 1;
        return;
      }
    }
    const problem = entryProblem(...entries);
    if (problem) {
      console.error(`${problem} Nothing was changed.`);
      process.exitCode = 1;
      return;
    }
    const { sessionsEnded, devicesRemoved } = await setOwnerPassword(database.transaction, entries[0]);
    const where =
      database.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}/`;
    console.log(`The owner password is set in ${where}.`);
    console.log(
      sessionsEnded === 0
        ? 'No one was signed in.'
        : `${sessionsEnded} signed-in session${sessionsEnded === 1 ? ' was' : 's were'} signed out.`,
    );
    console.log(
      devicesRemoved === 0
        ? 'No device was getting notifications.'
        : `${devicesRemoved} device${devicesRemoved === 1 ? '' : 's'} will get no more notifications: turn them on again after signing in.`,
    );
    console.log(`Sign in at ${env.SITE_URL}/owner`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
