// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { BelowTheFold, renderFirstScreenFirst } from './below-the-fold';

afterEach(() => {
  renderFirstScreenFirst(undefined);
  cleanup();
});

function Page() {
  return (
    <main>
      <h1>Decks</h1>
      <BelowTheFold estimate="50rem">
        <h2>Frequently Asked Questions</h2>
      </BelowTheFold>
    </main>
  );
}

describe('BelowTheFold', () => {
  it('renders its content at once on the server and the first page (no navigation under way)', () => {
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
  });

  it('on a client navigation, shows the first screen in the click and the rest once it has been painted', async () => {
    // As in the browser: React's own scheduler, not act()'s queue.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    try {
      let painted: () => void = () => undefined;
      renderFirstScreenFirst(new Promise<void>((resolve) => (painted = resolve)));
      flushSync(() => root.render(<Page />));
      renderFirstScreenFirst(undefined);
      expect(screen.getByRole('heading', { name: 'Decks' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Frequently Asked Questions' })).not.toBeInTheDocument();
      // The placeholder holds the page's length meanwhile, hidden from screen readers.
      expect(container.querySelector('[aria-hidden="true"]')).toHaveStyle({ minBlockSize: '50rem' });

      painted();
      expect(await screen.findByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
      expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
    } finally {
      root.unmount();
      container.remove();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('a part already on screen stays when a later navigation is under way', async () => {
    const { rerender } = render(<Page />);
    renderFirstScreenFirst(new Promise<void>(() => undefined));
    rerender(<Page />);
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
  });
});
