/**
 * The session cookie is `SameSite=Strict`: a browser does not send it on a navigation that
 * starts elsewhere (the link in the owner's e-mail, opened from a mail app or a webmail page),
 * so the app can find itself signed out although he is signed in on that phone. Arrived from
 * elsewhere and signed out, the app loads its address once more from itself: a same-site
 * navigation, which carries the cookie. Once per address and tab (sessionStorage), so a real
 * sign-out never loops; no cookie is loosened, and nothing but the same address is loaded.
 */
const key = 'rcc-owner-same-site-retry';

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
  location.replace(here);
  return true;
}
