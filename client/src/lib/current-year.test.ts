// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentYear, showCurrentYear } from './current-year';

declare const __BUILD_DATE__: string;
const buildYear = Number(__BUILD_DATE__.slice(0, 4));

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the copyright year', () => {
  it('is the visitor’s year, and never one before the build (a phone set to the wrong date)', () => {
    expect(currentYear(new Date(buildYear + 2, 0, 1))).toBe(String(buildYear + 2));
    expect(currentYear(new Date(buildYear - 5, 5, 1))).toBe(String(buildYear));
  });

  it('is written into a prerendered footer that still shows the build’s year', () => {
    vi.useFakeTimers({ now: new Date(buildYear + 1, 0, 1, 9) });
    document.body.innerHTML = `<footer><p>© <span data-current-year>${buildYear}</span> Rim Country Carpentry.</p></footer>`;
    showCurrentYear();
    expect(document.querySelector('footer')!.textContent).toBe(`© ${buildYear + 1} Rim Country Carpentry.`);
  });
});
