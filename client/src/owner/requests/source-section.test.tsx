// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { ErrorBoundary } from '../app/error-boundary';
import { SourceSection } from './source-section';

/** A request stored before arrival times were checked, with a time no Date can hold. */
const detail = {
  leadSource: {
    source: 'x',
    medium: 'referral',
    campaign: null,
    landingPage: null,
    referrer: null,
    capturedBy: 'script',
    touches: { first: { at: 8_640_000_000_000_001, utm_source: 'x' }, last: { at: Number.NaN } },
  },
} as unknown as RequestDetail;

describe("the request page's source section", () => {
  it('shows a time that is not one as an unknown time instead of failing', () => {
    render(<SourceSection detail={detail} />);
    expect(screen.getByRole('heading', { name: 'Source' })).toBeInTheDocument();
    expect(screen.getByText('First visit: unknown time')).toBeInTheDocument();
    expect(screen.getByText('Latest visit from a link or site: unknown time')).toBeInTheDocument();
  });
});

describe('ErrorBoundary', () => {
  function Broken(): never {
    throw new RangeError('Invalid time value');
  }

  it('says what could not be shown and keeps the rest of the page', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <button type="button">Mark as spam</button>
        <ErrorBoundary what="Where this request came from">
          <Broken />
        </ErrorBoundary>
      </>,
    );
    quiet.mockRestore();
    expect(screen.getByRole('alert')).toHaveTextContent('Where this request came from could not be shown.');
    expect(screen.getByRole('alert')).toHaveTextContent('What failed: Invalid time value');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as spam' })).toBeInTheDocument();
  });
});
