// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/use-toast';
import { ShareButton } from './share-button';

const writeText = vi.fn<(text: string) => Promise<void>>();

function setNavigator(name: 'share' | 'clipboard', value: unknown): void {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

function renderShareButton() {
  render(
    <>
      <ShareButton title="Decks | Rim Country Carpentry" text="Decks built for mountain weather." />
      <Toaster />
    </>,
  );
  return screen.getByRole('button', { name: 'Share' });
}

/** Clicks and lets the share/copy promises settle. */
async function click(button: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(button);
  });
}

const pageUrl = () => new URL('/services/decks', window.location.origin).href;

const notifications = () => within(screen.getByRole('region', { name: 'Notifications (F8)' }));

beforeEach(() => {
  window.history.replaceState(null, '', '/services/decks');
  writeText.mockReset().mockResolvedValue(undefined);
  setNavigator('clipboard', { writeText });
  setNavigator('share', undefined);
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.restoreAllMocks();
  vi.useRealTimers();
  // jsdom has neither API of its own.
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ShareButton with a native share sheet', () => {
  it('shares title, text and the page URL, and copies nothing', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    setNavigator('share', share);
    await click(renderShareButton());
    expect(share).toHaveBeenCalledWith({
      title: 'Decks | Rim Country Carpentry',
      text: 'Decks built for mountain weather.',
      url: pageUrl(),
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(notifications().queryAllByRole('listitem')).toHaveLength(0);
  });

  it('does nothing when the visitor cancels the share sheet', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    setNavigator('share', vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError')));
    await click(renderShareButton());
    expect(writeText).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(notifications().queryAllByRole('listitem')).toHaveLength(0);
  });

  it('logs any other failure and copies the link instead', async () => {
    const failure = new DOMException('Not allowed', 'NotAllowedError');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    setNavigator('share', vi.fn().mockRejectedValue(failure));
    await click(renderShareButton());
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), failure);
    expect(writeText).toHaveBeenCalledWith(pageUrl());
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(notifications().getByText('Link copied!')).toBeInTheDocument();
  });
});

describe('ShareButton without a native share sheet', () => {
  it("copies the link, reads 'Copied!' for exactly 2 seconds and shows the toast", async () => {
    vi.useFakeTimers();
    await click(renderShareButton());
    expect(writeText).toHaveBeenCalledWith(pageUrl());
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(notifications().getByText('Link copied!')).toBeInTheDocument();
    expect(notifications().getByText('Share link has been copied to your clipboard')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('restarts the 2 seconds when the link is copied again', async () => {
    vi.useFakeTimers();
    const button = renderShareButton();
    await click(button);
    act(() => vi.advanceTimersByTime(1500));
    await click(button);
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('shows a destructive toast when copying fails', async () => {
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await click(renderShareButton());
    const title = notifications().getByText('Copy failed');
    expect(notifications().getByText('Please copy the link manually from the address bar')).toBeInTheDocument();
    expect(title.closest('li')).toHaveClass('destructive');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('shows the same toast when the browser has no clipboard API', async () => {
    setNavigator('clipboard', undefined);
    await click(renderShareButton());
    expect(notifications().getByText('Copy failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });
});
