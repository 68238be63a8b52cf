import { expect, type Page } from '@playwright/test';

type Window = { toastsSeen?: { element: Element; text: string }[] };

/**
 * Keeps every notification (toast) the page shows from now on, with its text, after it closes.
 * Radix announces a toast through a visually hidden `role="status"` element that it removes after
 * a second (the card itself stays five seconds), and on a machine busy enough a check that polls
 * for either can miss it (it happened: the toast is in the screencast, the check never saw it).
 * Call it before the action whose notification `expectToastShown` then looks for.
 */
export async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const kept = ((window as Window).toastsSeen ??= []);
    const keep = (node: Node) => {
      if (!(node instanceof Element)) return;
      for (const element of [node, ...node.querySelectorAll('[role="status"], [data-radix-collection-item]')]) {
        // The announcement, and the toast's card in the notifications region (a list item).
        if (
          element.getAttribute('role') === 'status' ||
          element.matches('[role="region"][aria-label^="Notifications"] li')
        )
          kept.push({ element, text: element.textContent ?? '' });
      }
    };
    new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(keep))).observe(
      document.body,
      { childList: true, subtree: true },
    );
  });
}

/** A notification with `text` was shown since `watchToasts` (it may have closed since). */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        ((window as Window).toastsSeen ?? []).flatMap(({ element, text }) => [text, element.textContent ?? '']),
      ),
    )
    .toContainEqual(expect.stringContaining(text));
}
