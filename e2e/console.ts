import { expect, type Page } from '@playwright/test';

/**
 * Collects console errors and warnings (hydration mismatches show up here) and page errors.
 * Call the returned function at the end of a test to assert there were none.
 */
export function watchConsole(page: Page): () => void {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return () => expect(problems, `console problems on ${page.url()}`).toEqual([]);
}
