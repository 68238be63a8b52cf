// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clientNavigationFor, isSitePagePath } from './links';

const here = new URL('http://localhost:3000/about');

function clickOn(href: string, attributes: Record<string, string> = {}, click: Partial<MouseEvent> = {}) {
  const link = document.createElement('a');
  link.href = href;
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  const inner = document.createElement('span');
  link.append(inner);
  document.body.append(link);
  const event = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: inner,
    ...click,
  };
  const url = clientNavigationFor(event, here);
  link.remove();
  return url?.href ?? null;
}

describe('which link clicks change the page on the client', () => {
  it("takes the site's pages, with their #section", () => {
    expect(clickOn('/services/decks')).toBe('http://localhost:3000/services/decks');
    expect(clickOn('/#contact')).toBe('http://localhost:3000/#contact');
    expect(clickOn('/no-such-page')).toBe('http://localhost:3000/no-such-page');
  });

  it('leaves a jump to a section of the page shown to the browser', () => {
    expect(clickOn('/about#story')).toBeNull();
    expect(clickOn('http://localhost:3000/about#values')).toBeNull();
  });

  it('leaves the owner, the API, files, other sites, new tabs and downloads to the browser', () => {
    expect(clickOn('/owner')).toBeNull();
    expect(clickOn('/owner/requests/1')).toBeNull();
    expect(clickOn('/api/health')).toBeNull();
    expect(clickOn('/sitemap.xml')).toBeNull();
    expect(clickOn('https://example.com/about')).toBeNull();
    expect(clickOn('/gallery', { target: '_blank' })).toBeNull();
    expect(clickOn('/gallery', { download: '' })).toBeNull();
    expect(clickOn('tel:+19285551234')).toBeNull();
  });

  it('leaves modified clicks and clicks a component answered to the browser', () => {
    expect(clickOn('/gallery', {}, { ctrlKey: true })).toBeNull();
    expect(clickOn('/gallery', {}, { metaKey: true })).toBeNull();
    expect(clickOn('/gallery', {}, { button: 1 })).toBeNull();
    expect(clickOn('/gallery', {}, { defaultPrevented: true })).toBeNull();
  });

  it('knows page paths from the rest', () => {
    expect(isSitePagePath('/locations/payson')).toBe(true);
    expect(isSitePagePath('/owner-stories')).toBe(true);
    expect(isSitePagePath('/img/hero.webp')).toBe(false);
    // The estimate-visit booking page is the server's: a tap on the confirmation's offer loads it.
    expect(isSitePagePath(`/visit/${'a'.repeat(43)}`)).toBe(false);
    expect(clickOn(`/visit/${'a'.repeat(43)}`)).toBeNull();
  });
});
