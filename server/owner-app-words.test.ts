import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ownerPasswordTexts } from '@shared/owner-password-texts';
import { businessDetailsMessages } from '@shared/schemas/business-details';
import { resetLinkTexts, resetSentText } from '@shared/schemas/owner-password-reset';
import { packageRoot } from './package-root';
import { passwordResetMessages } from './services/owner/password-reset';
import { signInMessages } from './services/owner/sign-in';
import { settingsMessages } from './services/settings/site-settings';

/**
 * Nothing the owner reads in his app names a command, an environment variable or a server
 * setting: he never runs the server. Read from the app's own source (every text in its components,
 * string or JSX) and from the messages the server answers his app with.
 */
const root = packageRoot(path.dirname(new URL(import.meta.url).pathname));
const ownerApp = path.join(root, 'client/src/owner');

const jargon: [RegExp, string][] = [
  [/\bnpm (run )?[\w:-]+|\bnpx\b/, 'a command'],
  [/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/, 'an environment variable'],
  [/\b(on|of) the server\b|\bset on the server\b/i, 'a server setting'],
  [/\.env\b|\bDATA_DIR\b/, 'a file of the server'],
];

/** Every string literal, template text and JSX text of a source file, with its line. */
function textsOf(file: string, source: string): { text: string; where: string }[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const texts: { text: string; where: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      texts.push({ text: node.text, where: `${path.relative(root, file)}:${line}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return texts;
}

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const problemsIn = (texts: { text: string; where: string }[]) =>
  texts.flatMap(({ text, where }) =>
    jargon.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${where} names ${what}: ${text.trim()}`),
  );

/** Every string in a message table, its functions called with sample values. */
type Text = { text: string; where: string };
const messagesOf = (table: Record<string, unknown>, name: string): Text[] =>
  Object.entries(table).flatMap(([key, value]) => {
    const where = `${name}.${key}`;
    if (typeof value === 'string') return [{ text: value, where }];
    if (typeof value === 'function')
      return [{ text: String((value as (...a: unknown[]) => unknown)(3, '5 minutes')), where }];
    if (value && typeof value === 'object') return messagesOf(value as Record<string, unknown>, where);
    return [];
  });

describe('the owner’s app in plain words', () => {
  it('names no command, environment variable or server setting in its pages', async () => {
    const texts = [];
    const files = await sourceFiles(ownerApp);
    for (const file of files) texts.push(...textsOf(file, await readFile(file, 'utf8')));
    expect(texts.length).toBeGreaterThan(500);
    // The app is a folder per part (docs/decisions/016): every one of them is read.
    const parts = (await readdir(ownerApp, { withFileTypes: true })).filter((entry) => entry.isDirectory());
    for (const part of parts)
      expect(files.some((file) => file.startsWith(path.join(ownerApp, part.name) + path.sep))).toBe(true);
    expect(problemsIn(texts)).toEqual([]);
  });

  it('names none in what the server answers his app with', () => {
    const texts = [
      ...messagesOf(signInMessages, 'signInMessages'),
      ...messagesOf(passwordResetMessages, 'passwordResetMessages'),
      ...messagesOf(settingsMessages, 'settingsMessages'),
      ...messagesOf(businessDetailsMessages, 'businessDetailsMessages'),
      ...messagesOf(ownerPasswordTexts, 'ownerPasswordTexts'),
      ...messagesOf(resetLinkTexts, 'resetLinkTexts'),
      { text: resetSentText('d•••@gmail.com'), where: 'resetSentText' },
    ];
    expect(problemsIn(texts)).toEqual([]);
  });
});
