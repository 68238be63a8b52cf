/**
 * Gives the browser a turn (input, painting) before the next piece of start-up work, so that no
 * single task runs long: `scheduler.yield()` where the browser has it, a new task otherwise.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
