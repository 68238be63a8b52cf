// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { OwnerShell } from './owner-shell';

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={location.hook}>
        <Router base="/owner">
          <OwnerShell>
            <p>Page</p>
          </OwnerShell>
        </Router>
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

/** Both the phone's row and the wide screen's bar are in the DOM (CSS shows one): the first is the bar's. */
const sectionLinks = () => within(screen.getAllByRole('navigation', { name: 'Owner' })[0]!).getAllByRole('link');

describe("the owner's app frame", () => {
  it('lists the five sections and marks the one shown, a request as part of Requests', () => {
    renderAt('/owner/requests/42');
    const links = sectionLinks();
    expect(links.map((link) => link.textContent)).toEqual(['Requests', 'Visits', 'Projects', 'Reviews', 'Results']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/owner',
      '/owner/visits',
      '/owner/projects',
      '/owner/reviews',
      '/owner/results',
    ]);
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent),
    ).toEqual(['Requests']);
  });

  it('moves the mark with the page', async () => {
    const location = renderAt('/owner');
    await userEvent.click(
      within(screen.getAllByRole('navigation', { name: 'Owner' })[1]!).getByRole('link', { name: 'Visits' }),
    );
    expect(location.history?.at(-1)).toBe('/owner/visits');
    await act(async () => {});
    const current = sectionLinks().filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Visits']);
  });
});
