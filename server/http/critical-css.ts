import { createHash } from 'node:crypto';
import type { Options } from 'beasties';
import { onFirstUse } from '../services/first-use';

const loadBeasties = onFirstUse('beasties', async () => (await import('beasties')).default);

/** Critical CSS worked out before, by document shape (see `createCriticalCss`): what the build's prerender knew. */
export interface KnownCriticalCss {
  /** Each distinct reduced stylesheet once. */
  sheets: string[];
  /** Shape key -> index in `sheets`; -1: nothing of the stylesheet was used (Beasties removed it). */
  shapes: Record<string, number>;
}

export interface CriticalCss {
  /** Beasties' process(): the CSS rules the page uses inlined, the stylesheet itself at the end of <body>. */
  process(html: string): Promise<string>;
  /** What it worked out so far, to start another one from (scripts/prerender.ts writes it to the build). */
  known(): KnownCriticalCss;
}

/** A <style> element of Beasties' DOM (htmlparser2's, with a few DOM methods added). */
interface StyleNode {
  textContent: string;
  $$name?: string;
  $$reduce?: boolean;
  parentNode: unknown;
  remove(): void;
}

interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

/** What Beasties 0.5 has but does not declare: the step that reduces a stylesheet to what a document uses, and the characters it shows. */
interface BeastiesSteps {
  processStyle(style: StyleNode, document: DomNode): void;
  getDocumentChars(document: DomNode): ReadonlySet<number> | undefined;
}

const maxShapes = 200;
/** Marks the parts of a page Beasties matches selectors in (the whole document when none is marked). */
const containerAttribute = 'data-beasties-container';

/**
 * Beasties (critical CSS), remembering its result by the document's shape. Reducing the stylesheet
 * to the rules a page uses is most of a page's finishing (some 100-300 ms a page on a busy two-core
 * machine), and it depends on far less than the page: Beasties drops every pseudo-class before it
 * matches a selector, so which rules it keeps depends only on the tree of elements with their tag,
 * class, id and the attributes the stylesheet's attribute selectors name, and which @font-face
 * rules it inlines on the characters the page shows. That is the key; the text, links and JSON-LD
 * are not in it, so the owner's new phone number or a published project with the usual markup
 * reuses what was worked out for the page before, and is the same bytes as Beasties' own result.
 * `known`: a start (the prerender's, dist/ssr/critical-css.json).
 */
export async function createCriticalCss(options: Options, known?: KnownCriticalCss): Promise<CriticalCss> {
  const Beasties = await loadBeasties();
  const steps = Beasties.prototype as unknown as Partial<BeastiesSteps>;
  const { processStyle, getDocumentChars } = steps;
  const remembers =
    typeof processStyle === 'function' &&
    typeof getDocumentChars === 'function' &&
    !options.pruneSource &&
    !options.fonts &&
    !options.preloadFonts;
  const sheets = new Map<string, string | null>();
  for (const [shape, index] of Object.entries(known?.shapes ?? {})) {
    const sheet = index === -1 ? null : known?.sheets[index];
    if (sheet !== undefined) sheets.set(shape, sheet);
  }
  const facts = new Map<string, SheetFacts>();
  const stylesheets = new Map<string, Promise<string> | string>();

  class RememberingBeasties extends Beasties {
    // The build's files do not change while it is served: each stylesheet is read once.
    override readFile(filename: string) {
      let sheet = stylesheets.get(filename);
      if (sheet === undefined) {
        sheet = Promise.resolve(super.readFile(filename));
        stylesheets.set(filename, sheet);
        sheet.catch(() => stylesheets.delete(filename));
      }
      return sheet;
    }

    processStyle(style: StyleNode, document: DomNode) {
      if (!remembers || style.$$reduce === false || !style.textContent) {
        return processStyle!.call(this, style, document);
      }
      const shape = shapeKey(style, document, getDocumentChars!.call(this, document), facts);
      const sheet = sheets.get(shape);
      if (sheet === null) return style.remove();
      if (sheet !== undefined) {
        style.textContent = sheet;
        return;
      }
      processStyle!.call(this, style, document);
      if (sheets.size >= maxShapes) sheets.delete(sheets.keys().next().value!);
      sheets.set(shape, style.parentNode ? style.textContent : null);
    }
  }

  const beasties = new RememberingBeasties(options);
  return {
    process: (html) => beasties.process(html),
    known() {
      const distinct = new Map<string, number>();
      const shapes: Record<string, number> = {};
      for (const [shape, sheet] of sheets) {
        if (sheet === null) {
          shapes[shape] = -1;
          continue;
        }
        if (!distinct.has(sheet)) distinct.set(sheet, distinct.size);
        shapes[shape] = distinct.get(sheet)!;
      }
      return { sheets: [...distinct.keys()], shapes };
    },
  };
}

/** What of a stylesheet the key needs: the attribute names its selectors may name, its fonts' unicode ranges. */
interface SheetFacts {
  attributes: ReadonlySet<string>;
  /** Per @font-face unicode-range: [start, end, ...] as Beasties reads it; undefined: not understood. */
  ranges: (number[] | undefined)[];
}

function sheetFacts(css: string): SheetFacts {
  // Every name in brackets: a few that are not attribute selectors ([auto_1fr]) only make the key longer.
  const attributes = new Set([...css.matchAll(/\[\s*([a-zA-Z_][\w:.-]*)/g)].map((match) => match[1]!.toLowerCase()));
  const values = new Set([...css.matchAll(/unicode-range:\s*([^;}]*)/gi)].map((match) => match[1]!));
  return { attributes, ranges: [...values].map(unicodeRanges) };
}

/** A unicode-range's ranges exactly as Beasties 0.5 parses them (parseUnicodeRanges), or undefined. */
function unicodeRanges(value: string): number[] | undefined {
  if (/["'()]/.test(value)) return undefined;
  const ranges: number[] = [];
  for (const token of value.split(',')) {
    const part = token.trim();
    if (!part) continue;
    const wildcard = /^u\+([0-9a-f]{0,5})(\?{1,6})$/i.exec(part);
    if (wildcard) {
      const [, prefix = '', marks = ''] = wildcard;
      if (prefix.length + marks.length > 6) return undefined;
      ranges.push(parseInt(prefix + '0'.repeat(marks.length), 16), parseInt(prefix + 'f'.repeat(marks.length), 16));
      continue;
    }
    const range = /^u\+([0-9a-f]{1,6})(?:-([0-9a-f]{1,6}))?$/i.exec(part);
    if (!range) return undefined;
    const start = parseInt(range[1]!, 16);
    const end = range[2] === undefined ? start : parseInt(range[2], 16);
    if (end < start) return undefined;
    ranges.push(start, end);
  }
  return ranges;
}

/**
 * The stylesheet, and what of the document Beasties' reduction of it reads: the elements (tag,
 * class, id, the attributes its selectors name) in their tree, and for each of its fonts' unicode
 * ranges whether the page shows a character in it (all the characters, when a range is not understood).
 */
function shapeKey(
  style: StyleNode,
  document: DomNode,
  chars: ReadonlySet<number> | undefined,
  facts: Map<string, SheetFacts>,
): string {
  const css = style.textContent;
  let sheet = facts.get(css);
  if (!sheet) {
    sheet = sheetFacts(css);
    facts.clear();
    facts.set(css, sheet);
  }
  const { attributes } = sheet;
  const hash = createHash('sha256')
    .update(css)
    .update(`\0${style.$$name ?? ''}\0`);
  const walk = (node: DomNode) => {
    for (const child of node.children ?? []) {
      if (child.type !== 'tag' && child.type !== 'script' && child.type !== 'style') continue;
      hash.update(`<${child.name}`);
      for (const [name, value] of Object.entries(child.attribs ?? {})) {
        if (name === 'class' || name === 'id' || name === containerAttribute || attributes.has(name)) {
          hash.update(` ${name}=${JSON.stringify(value)}`);
        }
      }
      hash.update('>');
      walk(child);
      hash.update('</>');
    }
  };
  walk(document);
  if (!chars) hash.update('\0?');
  else if (sheet.ranges.some((ranges) => !ranges)) hash.update(`\0${[...chars].sort((a, b) => a - b).join(',')}`);
  else for (const ranges of sheet.ranges) hash.update(usesRange(ranges!, chars) ? '1' : '0');
  return hash.digest('base64url');
}

function usesRange(ranges: readonly number[], chars: ReadonlySet<number>): boolean {
  if (ranges.length === 0) return true;
  for (const codepoint of chars) {
    for (let i = 0; i < ranges.length; i += 2) if (codepoint >= ranges[i]! && codepoint <= ranges[i + 1]!) return true;
  }
  return false;
}
