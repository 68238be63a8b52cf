// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadBoundary } from './load-boundary';

afterEach(() => cleanup());

describe('LoadBoundary', () => {
  it('shows the loading content until the code arrives, then the component', async () => {
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => undefined;
    const Late = lazy(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve)));
    render(
      <LoadBoundary loading={<p>Loading…</p>} failed={<p>Could not load</p>}>
        <Late />
      </LoadBoundary>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    arrive({ default: () => <p>Menu</p> });
    expect(await screen.findByText('Menu')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows the failure content when the code cannot be fetched, and keeps the rest of the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <main>
        <h1>Page</h1>
        <LoadBoundary failed={<p>Could not load</p>}>
          <Missing />
        </LoadBoundary>
      </main>,
    );
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
