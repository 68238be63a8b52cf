/**
 * The session cookie is `SameSite=Strict`: a browser does not send it on a navigation that
 * starts elsewhere (the link in the owner's e-mail, opened from a mail app or a webmail page),
 * so the app can find itself signed out although he is signed in on that phone. Arrived from
 * elsewhere and signed out, the app loads its address once more from itself: a same-site
 * navigation, which carries the cookie. Once per address and tab (sessionStorage), so a real
 * sign-out never loops; no cookie is loosened, and nothing but the same address is loaded.
 */
const key = 'rcc-owner-same-site-retry';
/** The `#…` of the address retried: loading an address that differs only by its fragment loads nothing. */
const fragmentKey = 'rcc-owner-same-site-fragment';

/** Signed in at some point of this page load: a later sign-out (his own, or everywhere) is real. */
let signedInThisLoad = false;

export function noteSignedIn(): void {
  signedInThisLoad = true;
}

export function retryFromSameSite(location: Location = window.location, storage: Storage = sessionStorage): boolean {
  if (signedInThisLoad) return false;
  const here = location.href;
  let arrivedFromElsewhere = true;
  try {
    arrivedFromElsewhere = !document.referrer || new URL(document.referrer).origin !== location.origin;
  } catch {
    arrivedFromElsewhere = true;
  }
  if (!arrivedFromElsewhere) return false;
  try {
    if (storage.getItem(key) === here) return false;
    storage.setItem(key, here);
  } catch {
    // Without storage, a retry could loop: sign in instead.
    return false;
  }
  // Loading the same address with its `#…` would only scroll the page: load it without, and put the
  // fragment back once it has loaded (restoreFragment), where the page can use it.
  const cut = here.indexOf('#');
  if (cut < 0) {
    location.replace(here);
    return true;
  }
  try {
    storage.setItem(fragmentKey, here.slice(cut));
  } catch {
    return false;
  }
  location.replace(here.slice(0, cut));
  return true;
}

/** Puts back the `#…` a same-site retry left out; call it before the app reads its address. */
export function restoreFragment(
  location: Location = window.location,
  storage: Storage = sessionStorage,
  history: History = window.history,
): void {
  try {
    const fragment = storage.getItem(fragmentKey);
    if (!fragment) return;
    storage.removeItem(fragmentKey);
    if (!location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${fragment}`);
  } catch {
    // Without storage there was no retry to finish.
  }
}
