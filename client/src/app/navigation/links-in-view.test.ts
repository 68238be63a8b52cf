// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchLinksInView } from './links-in-view';

/** An IntersectionObserver the test drives: `show(element)` is the element scrolling into view. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  disconnect() {
    this.watched.clear();
  }
  static show(element: Element) {
    for (const observer of this.all)
      if (observer.watched.has(element))
        observer.callback(
          [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
  }
}

function screenWith({ hover }: { hover: boolean }) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(hover: none)' ? !hover : false }));
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.all = [];
  document.body.innerHTML = '';
});

describe('links coming into view on a touch screen', () => {
  it('are each an intent: the site’s pages, those rendered later too, and nothing off the site', async () => {
    screenWith({ hover: false });
    document.body.innerHTML = '<a href="/gallery">Gallery</a><a href="https://elsewhere.example/">Away</a>';
    const seen: string[] = [];
    const stop = watchLinksInView((url) => seen.push(url.pathname));
    const [gallery, away] = document.querySelectorAll('a');
    FakeIntersectionObserver.show(gallery!);
    FakeIntersectionObserver.show(away!);
    expect(seen).toEqual(['/gallery']);

    // A link the page renders afterwards (below the fold, a new page) is watched too.
    const later = document.createElement('a');
    later.href = '/services/decks';
    document.body.append(later);
    await nextFrame();
    FakeIntersectionObserver.show(later);
    expect(seen).toEqual(['/gallery', '/services/decks']);

    stop();
    FakeIntersectionObserver.show(gallery!);
    expect(seen).toHaveLength(2);
  });

  it('are not watched where a pointer hovers: there, pointing at a link is the intent', () => {
    screenWith({ hover: true });
    document.body.innerHTML = '<a href="/gallery">Gallery</a>';
    const seen: string[] = [];
    watchLinksInView((url) => seen.push(url.pathname));
    FakeIntersectionObserver.show(document.querySelector('a')!);
    expect(seen).toEqual([]);
    expect(FakeIntersectionObserver.all).toHaveLength(0);
  });
});
