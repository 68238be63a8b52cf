import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core's default rules (WCAG 2.0 to 2.2, A and AA, and its best practices) on the page
 * and fails with a readable list of violations.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // What a visitor sees once a fade or slide has ended: text caught mid-fade reads as low contrast.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // axe put into the page through the DevTools protocol (which the site's Content-Security-Policy
  // does not govern), once per document, and run there once: the site's pages hold no frames. Only
  // violations are worked out in full (the check reads nothing else): passes and the rest are
  // named, not detailed.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async (options) => (await (window as unknown as { axe: typeof axe }).axe.run(document, options)).violations,
    { resultTypes: ['violations'] } satisfies axe.RunOptions,
  );
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
