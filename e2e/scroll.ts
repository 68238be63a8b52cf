import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until a section jumped to sits right under the sticky header: its top edge meets the
 * header's bottom edge (no strip of the section before it showing, none of it under the header).
 */
export async function expectSectionUnderHeader(page: Page, section: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        const header = await page.getByRole('banner').boundingBox();
        const target = await section.boundingBox();
        if (!header || !target) return null;
        const gap = Math.round(target.y - (header.y + header.height));
        return Math.abs(gap) <= 1 ? 0 : gap;
      },
      { message: 'gap between the bottom of the sticky header and the top of the section (px)' },
    )
    .toBe(0);
}
