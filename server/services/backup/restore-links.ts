import type { PhotoStorage } from '../storage/types';
import type { Manifest } from './archive';

/**
 * The old site's storage keys -> the new site's, and a function that rewrites a value that is
 * one of them, or a link to one (a request's photoUrl: on the old site's address for local disk,
 * the old bucket's URL for S3), into the new site's.
 */
export function linkRewriter(manifest: Manifest, target: { storage: PhotoStorage; siteUrl: string }) {
  const keys = new Map<string, string>();
  for (const object of manifest.objects)
    keys.set(object.key, target.storage.objects.keyFor(object.name, new Date(object.storedAt)));
  const siteOrigin = new URL(target.siteUrl).origin;
  let count = 0;
  const rewrite = (value: string): string => {
    const key = keys.get(value);
    if (key !== undefined) {
      if (key !== value) count++;
      return key;
    }
    if (!/^https?:\/\/[^/]/.test(value)) return value;
    // The link's path ends with an old key (local disk: /api/objects/<key>; S3: [/<bucket>]/<key>).
    for (let slash = value.indexOf('/', value.indexOf('//') + 2); slash !== -1; slash = value.indexOf('/', slash + 1)) {
      const newKey = keys.get(value.slice(slash + 1));
      if (newKey !== undefined) {
        const url = target.storage.objects.urlOf(newKey, siteOrigin);
        if (url !== value) count++;
        return url;
      }
    }
    return value;
  };
  return { rewrite, keyOf: (oldKey: string) => keys.get(oldKey)!, count: () => count };
}
