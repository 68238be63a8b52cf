// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { HelmetProvider } from 'react-helmet-async';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

// Whether the pictures are real photos (in the build: scripts/images/catalog.ts from images/).
const pictures = vi.hoisted(() => ({ arePhotos: false }));
vi.mock('@/lib/photos', () => ({
  isPhoto: () => pictures.arePhotos,
  allPhotos: () => pictures.arePhotos,
  usePhotoCheck: () => () => pictures.arePhotos,
}));

afterEach(cleanup);

async function renderPage(file: './gallery' | './pine-bundles', path: string) {
  vi.resetModules();
  const { default: Page } = (await import(file)) as { default: ComponentType };
  // Imported after the reset too, so that its context is the one the page's islands read.
  const { islandsWrapper } = await import('@/test/islands');
  render(
    <HelmetProvider>
      <Router hook={memoryLocation({ path }).hook}>
        <Page />
      </Router>
    </HelmetProvider>,
    { wrapper: await islandsWrapper() },
  );
}

describe('while the pictures are drawings', () => {
  beforeEach(() => {
    pictures.arePhotos = false;
  });

  it('the gallery does not call them photos or real homes', async () => {
    await renderPage('./gallery', '/gallery');
    const intro = screen.getByRole('heading', { level: 1 }).parentElement!.textContent!;
    expect(intro).not.toMatch(/photo|real rim country homes/i);
    expect(intro).toMatch(/before and after/);
  });

  it('the Pay Now boxes say the QR code is coming, with nothing that looks scannable', async () => {
    await renderPage('./pine-bundles', '/pine-bundles');
    const payNow = screen.getByRole('region', { name: 'Pay Now' });
    for (const app of ['Venmo', 'Cash App']) {
      const box = within(payNow).getByRole('img', { name: `${app} QR code placeholder` });
      expect(box.tagName).not.toBe('IMG');
      expect(box).toHaveTextContent('QR code coming soon');
    }
    expect(payNow.querySelector('img[src*="/img/qr/"]')).toBeNull();
  });
});

describe('once they are photos', () => {
  beforeEach(() => {
    pictures.arePhotos = true;
  });

  it('the gallery speaks of the before and after photos of real homes', async () => {
    await renderPage('./gallery', '/gallery');
    const intro = screen.getByRole('heading', { level: 1 }).parentElement!.textContent!;
    expect(intro).toMatch(/Real Rim Country homes/);
    expect(intro).toMatch(/before and after photos/);
  });

  it('Pay Now shows the real codes to scan', async () => {
    await renderPage('./pine-bundles', '/pine-bundles');
    const payNow = screen.getByRole('region', { name: 'Pay Now' });
    for (const app of ['Venmo', 'Cash App'])
      expect(within(payNow).getByRole('img', { name: `${app} QR code` })).toHaveAttribute(
        'src',
        expect.stringContaining('/img/qr/'),
      );
    expect(within(payNow).queryByText('QR code coming soon')).toBeNull();
  });
});
