/**
 * One photo made at a time in this process, whichever part of the site makes it (the owner's
 * project photos, his photos in place of the drawings): a 12-megapixel photo costs tens of MB
 * while it is made, and on a 512 MB server two at once would double that. Jobs run in the order
 * they came; one that fails does not stop the next.
 */
let queue: Promise<unknown> = Promise.resolve();

export function oneImageAtATime<T>(job: () => Promise<T>): Promise<T> {
  const result = queue.then(job);
  queue = result.catch(() => undefined);
  return result;
}
