import { describe, expect, it, vi } from 'vitest';

/** A tab's address and its session storage, as the retry sees them. */
function tab(href: string) {
  const items = new Map<string, string>();
  const storage = {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  } as unknown as Storage;
  const location = { href, origin: new URL(href).origin, replace: vi.fn() } as unknown as Location;
  return { storage, location };
}

describe('the same-site retry of a link opened from his e-mail', () => {
  it('loads the address once more from the site, once per address and tab', async () => {
    const { retryFromSameSite } = await import('./same-site-arrival');
    const { storage, location } = tab('https://example.com/owner/requests/1');
    expect(retryFromSameSite(location, storage)).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('https://example.com/owner/requests/1');
    expect(retryFromSameSite(location, storage)).toBe(false);
  });

  it('never reloads after a sign-out of a page that was signed in (the toast that says so stays)', async () => {
    vi.resetModules();
    const { noteSignedIn, retryFromSameSite } = await import('./same-site-arrival');
    noteSignedIn();
    const { storage, location } = tab('https://example.com/owner');
    expect(retryFromSameSite(location, storage)).toBe(false);
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('loads an address with a #… without it, then puts it back, so the page loads instead of only scrolling', async () => {
    vi.resetModules();
    const { restoreFragment, retryFromSameSite } = await import('./same-site-arrival');
    const { storage, location } = tab('https://example.com/owner/photos#picture-hero-home');
    expect(retryFromSameSite(location, storage)).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('https://example.com/owner/photos');

    // The page loaded again, from the site itself, without the fragment.
    const loaded = { pathname: '/owner/photos', search: '', hash: '' } as Location;
    const history = { state: null, replaceState: vi.fn() } as unknown as History;
    restoreFragment(loaded, storage, history);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/owner/photos#picture-hero-home');
    // Its address is the retried one again: a sign-in page now is a real sign-out, not another retry.
    expect(retryFromSameSite(location, storage)).toBe(false);
    restoreFragment(loaded, storage, history);
    expect(history.replaceState).toHaveBeenCalledTimes(1);
  });
});
