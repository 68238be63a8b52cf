import { Component, Suspense, type ReactNode } from 'react';

/**
 * Around code fetched on demand: shows `loading` while it downloads, and `failed` if it cannot be
 * fetched (offline, a new deploy in between), so one missing chunk never takes the page down.
 */
export function LoadBoundary({
  loading = null,
  failed = null,
  children,
}: {
  loading?: ReactNode;
  failed?: ReactNode;
  children: ReactNode;
}) {
  return (
    <LoadFailureBoundary fallback={failed}>
      <Suspense fallback={loading}>{children}</Suspense>
    </LoadFailureBoundary>
  );
}

/** Shows `fallback` instead of its children once they throw (e.g. their code could not be fetched). */
export class LoadFailureBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
