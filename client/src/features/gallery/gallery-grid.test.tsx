// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { galleryItems } from '@shared/content/gallery';
import type { GalleryItem } from '@shared/content/types';
import { GalleryGrid } from './gallery-grid';

afterEach(cleanup);

const decksOnly: GalleryItem[] = galleryItems.filter((item) => item.serviceType === 'Decks');

describe('GalleryGrid', () => {
  it('shows the no-match message when no project matches the filter', () => {
    render(<GalleryGrid items={decksOnly} filter="trim" onSelect={() => {}} />);
    expect(screen.getByText('No projects found for this category.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows the no-match message for an empty list', () => {
    render(<GalleryGrid items={[]} filter="all" onSelect={() => {}} />);
    expect(screen.getByText('No projects found for this category.')).toBeInTheDocument();
  });

  it('shows a card per matching project with the before photo, badge, service type, caption and location', () => {
    render(<GalleryGrid items={galleryItems} filter="decks" onSelect={() => {}} />);
    expect(screen.queryByText('No projects found for this category.')).not.toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = decksOnly[0]!;
    expect(screen.getByRole('img', { name: first.beforeAlt })).toBeInTheDocument();
    expect(screen.getAllByText('Before')).toHaveLength(2);
    expect(screen.getAllByText('Decks')).toHaveLength(2);
    expect(screen.getByRole('button', { name: first.caption })).toBeInTheDocument();
    expect(screen.getAllByText('Northern Arizona')).toHaveLength(2);
  });

  it('selects a project with a click and with Enter', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<GalleryGrid items={galleryItems} filter="all" onSelect={onSelect} />);
    const card = screen.getByRole('button', { name: galleryItems[2].caption });
    await user.click(card);
    expect(onSelect).toHaveBeenLastCalledWith(galleryItems[2], card);
    card.focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(2);
  });
});
