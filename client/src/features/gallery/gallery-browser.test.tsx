// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { galleryItems } from '@shared/content/gallery';
import { GalleryBrowser } from './gallery-browser';

afterEach(cleanup);

const [deck, shower] = galleryItems;

describe('GalleryBrowser', () => {
  it('filters with the chips, exactly one pressed', async () => {
    const user = userEvent.setup();
    render(<GalleryBrowser />);
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Decks' }));
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Decks' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the no-match message when the list has no project for the chip', async () => {
    const user = userEvent.setup();
    render(<GalleryBrowser items={[deck!]} />);
    await user.click(screen.getByRole('button', { name: 'Trim' }));
    expect(screen.getByText('No projects found for this category.')).toBeInTheDocument();
  });

  it('opens on the Before tab every time, and returns focus to the card on close', async () => {
    const user = userEvent.setup();
    render(<GalleryBrowser />);
    const card = screen.getByRole('button', { name: deck!.caption });

    await user.click(card);
    let dialog = await screen.findByRole('dialog', { name: deck!.caption });
    expect(within(dialog).getByRole('tab', { name: 'Before' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('img', { name: deck!.beforeAlt })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'The Challenge' })).toBeInTheDocument();
    expect(within(dialog).getByText(deck!.problem)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'The Solution' })).toBeInTheDocument();
    expect(within(dialog).getByText(deck!.solution)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'After' }));
    expect(within(dialog).getByRole('tab', { name: 'After' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('img', { name: deck!.afterAlt })).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: deck!.beforeAlt })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close project' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card).toHaveFocus();

    // Reopened (here with Enter): Before again, although After was the last view.
    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: deck!.caption });
    expect(within(dialog).getByRole('tab', { name: 'Before' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('img', { name: deck!.beforeAlt })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card).toHaveFocus();
  });

  it('opens another project on Before after the previous one was left on After', async () => {
    const user = userEvent.setup();
    render(<GalleryBrowser />);
    await user.click(screen.getByRole('button', { name: deck!.caption }));
    await user.click(await screen.findByRole('tab', { name: 'After' }));
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: shower!.caption }));
    const dialog = await screen.findByRole('dialog', { name: shower!.caption });
    expect(within(dialog).getByRole('tab', { name: 'Before' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('img', { name: shower!.beforeAlt })).toBeInTheDocument();
  });
});
