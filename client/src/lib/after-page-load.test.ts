// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreenPaint, firstScreenPaintWaitMs } from './after-page-load';

/** A PerformanceObserver the test drives: `paint(element)` is the browser's first paint of it. */
class FakePerformanceObserver {
  static supportedEntryTypes = ['element', 'largest-contentful-paint'];
  static all: FakePerformanceObserver[] = [];
  watching = false;
  constructor(private readonly callback: PerformanceObserverCallback) {
    FakePerformanceObserver.all.push(this);
  }
  observe() {
    this.watching = true;
  }
  disconnect() {
    this.watching = false;
  }
  static paint(element: Element) {
    for (const observer of this.all)
      if (observer.watching)
        observer.callback(
          { getEntries: () => [{ entryType: 'element', element }] } as unknown as PerformanceObserverEntryList,
          observer as unknown as PerformanceObserver,
        );
  }
}

function picture(box: { top: number; height: number }, naturalWidth = 1024): HTMLImageElement {
  const img = document.createElement('img');
  img.setAttribute('elementtiming', 'first-screen');
  Object.defineProperty(img, 'naturalWidth', { value: naturalWidth });
  img.getBoundingClientRect = () => ({ ...box, bottom: box.top + box.height, left: 0, right: 390, width: 390 }) as DOMRect;
  document.body.append(img);
  return img;
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

describe('afterFirstScreenPaint: when the code fetched ahead may start', () => {
  beforeEach(() => {
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    vi.stubGlobal('innerHeight', 844);
    vi.stubGlobal('innerWidth', 390);
  });
  afterEach(() => {
    FakePerformanceObserver.all = [];
    document.body.replaceChildren();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits, after the load, until the first screen’s picture has painted', async () => {
    const hero = picture({ top: 64, height: 480 });
    const waiting = afterFirstScreenPaint();
    expect(await settled(waiting)).toBe(false);
    FakePerformanceObserver.paint(hero);
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait for a picture below the first screen, nor for one that failed to load', async () => {
    picture({ top: 1400, height: 480 });
    picture({ top: 64, height: 480 }, 0);
    expect(await settled(afterFirstScreenPaint())).toBe(true);
  });

  it('with no such picture the load is enough', async () => {
    expect(await settled(afterFirstScreenPaint())).toBe(true);
  });

  it('gives up waiting after a while (a tab opened in the background paints nothing)', async () => {
    vi.useFakeTimers();
    picture({ top: 64, height: 480 });
    const waiting = afterFirstScreenPaint();
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(firstScreenPaintWaitMs);
    expect(await settled(waiting)).toBe(true);
    expect(FakePerformanceObserver.all.every((observer) => !observer.watching)).toBe(true);
  });
});
