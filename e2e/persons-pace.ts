import type { Page } from '@playwright/test';
import { minimumFillMs } from '../shared/schemas/spam-signals';

/**
 * A request sent within `minimumFillMs` of the quote form appearing is screened as a bot's
 * (stored as spam: no alert, not in the results). Call this once the enhanced form is visible;
 * await what it returns before pressing send, and the request goes at a person's pace however
 * fast the machine types. The wait is measured on the page's own clock, as the form does.
 */
export async function personsPace(page: Page): Promise<() => Promise<void>> {
  const shownAt = await page.evaluate(() => performance.now());
  return async () => {
    await page.waitForFunction(({ from, minimum }) => performance.now() - from >= minimum, {
      from: shownAt,
      minimum: minimumFillMs,
    });
  };
}
