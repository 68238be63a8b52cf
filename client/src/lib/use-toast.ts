import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/** At most one toast is visible at a time, so messages never pile up; a new one replaces the current one. */
const TOAST_LIMIT = 1;
/**
 * How long a dismissed toast stays in the store before it is removed: in effect never within a
 * visit (at most one is kept, so this costs nothing), as the shadcn toast store does.
 */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast is shown unless the caller says otherwise: long enough to read two lines. */
export const TOAST_DEFAULT_DURATION = 5000;

type ToastVariant = 'default' | 'destructive';

interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself. */
  duration?: number;
}

interface ToastItem extends Required<Pick<ToastOptions, 'variant' | 'duration'>> {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  open: boolean;
}

type Listener = () => void;

let toasts: readonly ToastItem[] = [];
let count = 0;
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
const serverSnapshot: readonly ToastItem[] = [];

function setToasts(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast, or all when no id is given; it leaves the store after TOAST_REMOVE_DELAY. */
export function dismiss(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast; returns its id and a function that dismisses it. */
export function toast({ title, description, variant = 'default', duration = TOAST_DEFAULT_DURATION }: ToastOptions): {
  id: string;
  dismiss: () => void;
} {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  const item: ToastItem = { id, title, description, variant, duration, open: true };
  setToasts([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current toasts (at most TOAST_LIMIT); none while rendering on the server. */
export function useToast(): { toasts: readonly ToastItem[]; toast: typeof toast; dismiss: typeof dismiss } {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => serverSnapshot,
  );
  return { toasts: current, toast, dismiss };
}

/** Test helper: forgets every toast and pending removal. */
export function resetToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  setToasts([]);
}
