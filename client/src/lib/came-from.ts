/**
 * The page of this site the visitor came from: the one the router left on its last client
 * navigation, else the page that linked to this document (its same-origin referrer, which the
 * site's Referrer-Policy keeps whole). The quote form starts with that page's choice (a service
 * page's project type, an area page's town), so links keep their plain addresses (`/#contact`).
 */
let left: string | undefined;

/** Called by the router as it leaves a page on the client. */
export function notePageLeft(path: string): void {
  left = path;
}

export function pageCameFrom(): string | undefined {
  if (left) return left;
  try {
    const referrer = new URL(document.referrer);
    return referrer.origin === location.origin ? referrer.pathname : undefined;
  } catch {
    return undefined;
  }
}
