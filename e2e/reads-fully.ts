import { expect, type Locator } from '@playwright/test';

/**
 * The element shows all it holds, nothing cut off with "…" or clipped: a text fits its box, and a
 * date or time box is at least as wide as the same box sized to its content (CSS field-sizing),
 * which is the width Chromium needs to show "12/08/2026" and its calendar button whole.
 */
export async function expectReadsFully(locator: Locator): Promise<void> {
  const { needed, has } = await locator.evaluate((element) => {
    if (element instanceof HTMLInputElement) {
      const sized = element.cloneNode() as HTMLInputElement;
      sized.value = element.value;
      sized.style.width = 'auto';
      sized.style.minWidth = '0';
      sized.style.setProperty('field-sizing', 'content');
      element.after(sized);
      const width = sized.getBoundingClientRect().width;
      sized.remove();
      return { needed: width, has: element.getBoundingClientRect().width };
    }
    return { needed: element.scrollWidth, has: element.clientWidth };
  });
  expect(has, 'shown in full').toBeGreaterThanOrEqual(needed - 0.5);
}
