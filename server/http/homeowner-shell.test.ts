import { describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { homeownerShell, siteLookFromPage } from './homeowner-shell';

/** The head of a prerendered page as the build writes it (page-document.ts: Beasties moves the sheet to the end). */
const prerendered = `<!doctype html><html lang="en"><head><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="preload" href="/assets/roboto-slab-latin-700-normal-WCCj9XVQ.woff2" as="font" type="font/woff2" crossorigin>
<style>body{margin:0}</style></head><body><div id="root"></div>
<link rel="stylesheet" crossorigin href="/assets/index-CBoDo-_G.css">
<script type="module" fetchpriority="low" crossorigin src="/assets/index-dY0wynlc.js"></script></body></html>`;

describe('the homeowner page shell', () => {
  it('takes the build’s stylesheet and heading font by their hashed names, and none of its scripts', () => {
    const look = siteLookFromPage(prerendered);
    expect(look.head).toContain('<link rel="stylesheet" href="/assets/index-CBoDo-_G.css" crossorigin>');
    expect(look.head).toContain(
      '<link rel="preload" href="/assets/roboto-slab-latin-700-normal-WCCj9XVQ.woff2" as="font" type="font/woff2" crossorigin>',
    );
    expect(look.head).not.toContain('.js');
  });

  it('renders a whole document: title, noindex, favicons, the look, the site’s header, the page in <main>', () => {
    const html = homeownerShell(siteLookFromPage(prerendered), {
      title: 'Your estimate visit',
      main: '<h1>Your estimate visit is booked</h1>',
      style: '.mine{color:red}',
      scripts: ['/review-draft.js'],
      status: 'booked',
    });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<title>Your estimate visit | ${business.name}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html).toContain('href="/assets/index-CBoDo-_G.css"');
    expect(html).toMatch(
      /<header[^>]*>[\s\S]*<img src="\/img\/brand\/logo.svg"[\s\S]*Payson · Northern AZ[\s\S]*<\/header>/,
    );
    expect(html).toContain(`aria-label="Call ${business.phoneDisplay}"`);
    expect(html).toMatch(/<main id="main"[^>]*>\s*<h1>Your estimate visit is booked<\/h1>\s*<\/main>/);
    expect(html).toContain('.mine{color:red}');
    expect(html).toContain('<script src="/review-draft.js" defer></script>');
    expect(html).toContain('<body data-page-status="booked">');
  });

  it('escapes the title', () => {
    expect(homeownerShell({ head: '' }, { title: '<b>x</b>', main: '' })).toContain('<title>&lt;b&gt;x&lt;/b&gt; |');
  });
});
