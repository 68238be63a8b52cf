import type { PublishedProject } from '@shared/content/site-content';
import type { UploadedPhoto } from '@shared/content/types';

const photo = (id: string): UploadedPhoto => ({
  id,
  width: 1200,
  height: 900,
  widths: [480, 800, 1200],
  placeholder: 'data:image/webp;base64,UklGRg==',
});

/** A project as the owner publishes it (a Pine deck unless told otherwise), for page tests. */
export function publishedProject(overrides: Partial<PublishedProject> = {}): PublishedProject {
  return {
    id: '0b9d2f36-3c1e-4d3a-9f57-6d1f0c2a7b11',
    slug: 'porch-deck-rebuilt-in-pine',
    title: 'Porch Deck Rebuilt in Pine',
    service: 'decks',
    area: { slug: 'pine', name: 'Pine' },
    before: { photo: photo('5d1f7a1e-8d0e-4b8e-a3a4-2f3b9c1d0e01'), alt: 'Rotten porch deck boards' },
    after: { photo: photo('5d1f7a1e-8d0e-4b8e-a3a4-2f3b9c1d0e02'), alt: 'New cedar porch deck' },
    problem: 'The boards were soft underfoot.\n\nTwo joists had rotted at the ledger.',
    solution: 'We replaced the joists and laid new cedar decking.',
    publishedAt: '2026-11-20T18:00:00.000Z',
    updatedAt: '2026-11-20T18:00:00.000Z',
    ...overrides,
  };
}
