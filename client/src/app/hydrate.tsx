import { startTransition, StrictMode } from 'react';
import { nextTask } from '@/lib/next-task';

/**
 * Starts React on the prerendered page. React DOM and the app shell are evaluated in tasks of
 * their own, and the page is hydrated as a transition: React works through it in slices of a few
 * milliseconds and lets the browser handle input in between (a tap on a part not yet hydrated
 * hydrates that part first). Resolves once React is listening to the page.
 */
export async function hydrate(): Promise<void> {
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { App } = await import('./app');
  await nextTask();
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Prerendered pages are hydrated; an empty root (never in normal use) is rendered from scratch.
  if (container.hasChildNodes()) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}
