// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { currentDateIso, currentYear, formatLongDate, isoDate, showVisitorDates } from './visitor-dates';

declare const __BUILD_DATE__: string;
const buildYear = Number(__BUILD_DATE__.slice(0, 4));
const [, buildMonth, buildDay] = __BUILD_DATE__.split('-').map(Number) as [number, number, number];
const daysAfterBuild = (days: number) => new Date(buildYear, buildMonth - 1, buildDay + days, 12);
/** The legal pages' date line as the build prerenders it. */
const prerenderedDate = `<p>Last updated: <time datetime="${__BUILD_DATE__}" data-current-date>${formatLongDate(__BUILD_DATE__)}</time></p>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the copyright year', () => {
  it('is the visitor’s year, and never one before the build (a phone set to the wrong date)', () => {
    expect(currentYear(new Date(buildYear + 2, 0, 1))).toBe(String(buildYear + 2));
    expect(currentYear(new Date(buildYear - 5, 5, 1))).toBe(String(buildYear));
  });

  it('is written into a prerendered footer that still shows the build’s year', () => {
    document.body.innerHTML = `<footer><p>© <span data-current-year>${buildYear}</span> Rim Country Carpentry.</p></footer>`;
    showVisitorDates(document, new Date(buildYear + 1, 0, 1, 9));
    expect(document.querySelector('footer')!.textContent).toBe(`© ${buildYear + 1} Rim Country Carpentry.`);
  });
});

describe('the legal pages’ date', () => {
  it('is the visitor’s today, and never a day before the build', () => {
    expect(currentDateIso(daysAfterBuild(40))).toBe(isoDate(daysAfterBuild(40)));
    expect(currentDateIso(daysAfterBuild(0))).toBe(__BUILD_DATE__);
    expect(currentDateIso(daysAfterBuild(-3))).toBe(__BUILD_DATE__);
  });

  it('is written into a prerendered page that still shows the build’s date, text and machine-readable value', () => {
    document.body.innerHTML = prerenderedDate;
    const visit = daysAfterBuild(75);
    showVisitorDates(document, visit);
    const time = document.querySelector('time')!;
    expect(time.dateTime).toBe(isoDate(visit));
    expect(document.querySelector('p')!.textContent).toBe(
      `Last updated: ${visit.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}`,
    );
  });

  it('leaves a page opened on its build day as it is', () => {
    document.body.innerHTML = prerenderedDate;
    const before = document.querySelector('p')!.innerHTML;
    showVisitorDates(document, daysAfterBuild(0));
    expect(document.querySelector('p')!.innerHTML).toBe(before);
  });
});

const days = [new Date(2026, 0, 1), new Date(2026, 8, 9), new Date(2027, 11, 31), new Date(2028, 1, 29, 23, 59)];

describe('dates without Intl', () => {
  it('writes the local date as YYYY-MM-DD, as en-CA formatting does', () => {
    for (const day of days) expect(isoDate(day)).toBe(day.toLocaleDateString('en-CA'));
  });

  it('writes a long US date, as en-US formatting does', () => {
    for (const day of days) {
      expect(formatLongDate(isoDate(day))).toBe(
        day.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
      );
    }
    expect(formatLongDate('2026-11-24')).toBe('November 24, 2026');
  });
});
