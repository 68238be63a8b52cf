import type { IslandName } from '@/components/island';
import { afterPageLoad, whenIdle } from '@/lib/after-page-load';
import { islandPropsIn, islands as registry, isIslandName, loadIsland } from './registry';

/**
 * The page's only script until something is needed (no React): it finds the page's islands
 * (components/island.tsx) and hydrates each one on its own, when it is needed:
 *
 * - on the first pointer or focus on it (pointerover, pointerdown, touchstart, focusin, click);
 * - when it is about to scroll into view (an island below the first screen);
 * - once the page has loaded and been idle for a while (what is on screen, not hidden);
 * - earlier, when its registry entry says so (`wakesEarly`: the large-screen menu as soon as the
 *   page is idle on a screen wide enough to show it, the quote form when it has something kept
 *   on this device to show).
 *
 * A tap on one of an island's buttons before its code is in is replayed once it has hydrated.
 * Links and the plain quote form work without any of this. Once every island on screen has
 * hydrated, `<html data-hydrated>` is set (tests and the benchmark wait for it).
 */
/** `hydrating`: React has the island's root; it replays a tap that comes then by itself. */
type State = 'waiting' | 'loading' | 'hydrating' | 'hydrated';

const interactionTypes = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'click'];

/** How long the page stays idle before the islands on screen are hydrated without a touch. */
export const idleHydrationDelayMs = 5000;

const states = new Map<HTMLElement, State>();
/** Each hydrated island's React root, to be unmounted when the app's router takes the page over. */
const roots = new Map<HTMLElement, { unmount: () => void }>();
let stopped = false;
/** The button tapped in an island before it had hydrated: clicked again once it has. */
const tapped = new Map<HTMLElement, HTMLElement>();

function islandOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;
}

/** Shown: the island has a box on screen (not `hidden` at this screen size). */
function isShown(island: HTMLElement): boolean {
  return [...island.children].some((child) => child.getClientRects().length > 0);
}

let toasterMounted: Promise<unknown> | undefined;
/** The notification region, in a root of its own, mounted with the first island that may need it. */
export function mountToaster(): Promise<unknown> {
  toasterMounted ??= import('./toaster-root').then((m) => m.mountToaster());
  return toasterMounted;
}

function hydrate(island: HTMLElement): void {
  if (stopped || states.get(island) !== 'waiting') return;
  states.set(island, 'loading');
  const name = island.dataset.island;
  if (isIslandName(name)) hydrateAs(island, name);
}

function hydrateAs<N extends IslandName>(island: HTMLElement, name: N): void {
  const props = islandPropsIn(island, name);
  Promise.all([import('./hydrate-island'), loadIsland(name)])
    .then(([{ hydrateIsland }, component]) =>
      hydrateIsland(island, component, props, () => states.set(island, 'hydrating')),
    )
    .then(
      (root) => {
        if (stopped) {
          root.unmount();
          return;
        }
        roots.set(island, root);
        states.set(island, 'hydrated');
        if (registry[name].toasts) void mountToaster().catch(() => undefined);
        replay(island);
        markWhenAllHydrated();
      },
      () => {
        // Its code could not be fetched (offline, a deploy in between): the HTML stays as it is,
        // and the next touch tries again.
        states.set(island, 'waiting');
        tapped.delete(island);
      },
    );
}

function replay(island: HTMLElement): void {
  const button = tapped.get(island);
  tapped.delete(island);
  if (button?.isConnected) {
    button.click();
    return;
  }
  // A pointer resting on a menu that opens on hover: let the menu see it.
  const hovered = [...island.querySelectorAll(':hover')].at(-1);
  hovered?.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }));
}

let allHydrated = false;
function markWhenAllHydrated(): void {
  if (allHydrated || !idlePassDone) return;
  const due = [...states.keys()].filter(isShown);
  if (due.some((island) => states.get(island) !== 'hydrated')) return;
  allHydrated = true;
  document.documentElement.dataset.hydrated = 'true';
}

function onInteraction(event: Event): void {
  const island = islandOf(event.target);
  const state = island && states.get(island);
  if (!island || !state) return;
  if (event.type === 'click' && (state === 'waiting' || state === 'loading')) {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type !== 'submit' && island.contains(button)) tapped.set(island, button);
  }
  hydrate(island);
}

let idlePassDone = false;

/**
 * The app's router has rendered the whole page (app/navigation): the islands of the first page
 * are gone from it. Their roots are unmounted (a drawer open at that moment lets go of the page:
 * scroll lock, focus trap), and none of them is hydrated any more.
 */
export function stopIslands(): void {
  stopped = true;
  for (const root of roots.values()) root.unmount();
  roots.clear();
  states.clear();
  tapped.clear();
  for (const type of interactionTypes) document.removeEventListener(type, onInteraction, { capture: true });
}

export function startIslands(): void {
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  for (const island of islands) states.set(island, 'waiting');
  for (const type of interactionTypes) {
    document.addEventListener(type, onInteraction, { capture: true, passive: true });
  }

  // Below the first screen: hydrated as it is about to scroll into view. The observer's first
  // report on each island says where it is without forcing a layout: one on the first screen
  // waits for a touch or the idle time instead.
  const seen = new WeakSet<Element>();
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const first = !seen.has(entry.target);
        seen.add(entry.target);
        const box = entry.boundingClientRect;
        const onFirstScreen = first && box.top < window.innerHeight && box.bottom > 0;
        if (onFirstScreen) near.unobserve(entry.target);
        if (onFirstScreen || !entry.isIntersecting) continue;
        near.unobserve(entry.target);
        const island = islandOf(entry.target);
        if (island) hydrate(island);
      }
    },
    { rootMargin: '50% 0px' },
  );
  for (const island of islands) {
    // The marker is display: contents (no box of its own): its first child stands for it.
    if (island.firstElementChild) near.observe(island.firstElementChild);
  }

  for (const [name, entry] of Object.entries(registry)) {
    const named = islands.filter((island) => island.dataset.island === name);
    if (entry.wakesEarly && named.length > 0) entry.wakesEarly(() => named.forEach(hydrate));
  }

  void afterPageLoad().then(() => {
    setTimeout(() => {
      void whenIdle().then(() => {
        idlePassDone = true;
        islands.filter(isShown).forEach(hydrate);
        markWhenAllHydrated();
      });
    }, idleHydrationDelayMs);
  });
}
