import './styles.css';

/**
 * Every page arrives prerendered, complete and readable, so nothing here may hold up its first
 * paint. Once the browser has painted the page's content, this activates the page's list of
 * modules (a template of modulepreload links written by scripts/prerender.ts), so the app shell
 * and the page's own code download in parallel, and starts the app, which hydrates the page.
 */
let started = false;
function start() {
  if (started) return;
  started = true;
  const modules = document.getElementById('app-modules');
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content.cloneNode(true));
  void import('./app/hydrate');
}

const firstContentfulPaint = 'first-contentful-paint';
if (performance.getEntriesByName(firstContentfulPaint).length > 0) {
  start();
} else {
  try {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName(firstContentfulPaint).length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the timer below starts the app.
  }
  // Without paint timing, or in a tab opened in the background, start anyway.
  setTimeout(start, 1500);
}
