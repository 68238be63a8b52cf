/**
 * `load`, run once when first needed and shared by every later call. A failed load is not kept: the
 * next call tries again, so a database that is away at start-up delays the value instead of
 * stopping the server.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}
