import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Beasties from 'beasties';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test/http';
import { createCriticalCss } from './critical-css';

/** A stylesheet with what the site's has: classes, attribute selectors, pseudo-classes, a font in two subsets. */
const stylesheet = `
@font-face{font-family:Slab;src:url(/assets/slab-latin.woff2)format("woff2");unicode-range:U+??,U+2000-206F}
@font-face{font-family:Slab;src:url(/assets/slab-latin-ext.woff2)format("woff2");unicode-range:U+100-24F,U+1E00-1EFF}
h1{font-family:Slab,serif}
.card{padding:1rem}
.card:hover .title{color:red}
.list>li+li{margin-top:.5rem}
[data-state=open]{display:block}
[data-state=closed]{display:none}
.unused{color:blue}
`;

const page = (body: string) =>
  `<!doctype html><html><head><link rel="stylesheet" href="/assets/site.css"></head><body>${body}</body></html>`;

/** The same shape with other text, links and JSON-LD, as the owner's new phone number makes it. */
const before = page(
  '<h1>Decks</h1><div class="card"><a href="tel:+19285550147" class="title">(928) 555-0147</a></div>' +
    '<ul class="list"><li>One</li><li>Two</li></ul><div data-state="closed">Menu</div>' +
    '<script type="application/ld+json">{"telephone":"+19285550147"}</script>',
);
const after = before.replaceAll('555-0147', '468-1234').replaceAll('5550147', '4681234');

describe('the critical CSS of a page', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  const options = () =>
    ({
      path: dir.dir,
      publicPath: '/',
      preload: 'body',
      pruneSource: false,
      inlineFonts: true,
      reduceInlineStyles: false,
      logLevel: 'silent',
    }) as const;
  /** What Beasties itself makes of the page, worked out afresh. */
  const fresh = (html: string) => new Beasties(options()).process(html);

  beforeAll(async () => {
    dir = await tempDir('critical-css');
    await mkdir(path.join(dir.dir, 'assets'));
    await writeFile(path.join(dir.dir, 'assets', 'site.css'), stylesheet);
  });
  afterAll(() => dir.remove());

  it('is Beasties’ own, byte for byte, for a page shaped as one before and for one shaped otherwise', async () => {
    const css = await createCriticalCss(options());
    expect(await css.process(before)).toBe(await fresh(before));
    expect(await css.process(after)).toBe(await fresh(after));
    // Only the rules the page uses, its fonts' subsets for the characters it shows.
    expect(await css.process(after)).toContain('.card{padding:1rem}');
    expect(await css.process(after)).not.toContain('.unused');
    expect(await css.process(after)).not.toContain('slab-latin-ext');
    expect(Object.keys(css.known().shapes)).toHaveLength(1);

    for (const other of [
      // An element the stylesheet has a rule for, and one whose attribute a selector names.
      before.replace('<h1>Decks</h1>', '<h1 class="unused">Decks</h1>'),
      before.replace('data-state="closed"', 'data-state="open"'),
      // A letter of the other subset: its font is inlined too.
      before.replace('<li>Two</li>', '<li>Dvořák</li>'),
      // Another tree: the list with a single item.
      before.replace('<li>Two</li>', ''),
    ]) {
      expect(await css.process(other)).toBe(await fresh(other));
    }
    expect(await css.process(before.replace('<li>Two</li>', '<li>Dvořák</li>'))).toContain('slab-latin-ext');
    expect(Object.keys(css.known().shapes)).toHaveLength(5);
  });

  it('starts from what another worked out (the build’s), with the same result', async () => {
    const build = await createCriticalCss(options());
    await build.process(before);
    const known = JSON.parse(JSON.stringify(build.known())) as ReturnType<typeof build.known>;
    const server = await createCriticalCss(options(), known);
    expect(await server.process(after)).toBe(await fresh(after));
    expect(server.known()).toEqual(known);
  });
});
