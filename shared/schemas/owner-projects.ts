import { z } from 'zod';
import { locationSlugs, serviceSlugs } from '../content/slugs';
import type { UploadedPhoto } from '../content/types';

/** What the owner reads when a photo is refused (server/services/projects/project-photos.ts). */
export const projectPhotoMessages = {
  empty: 'This file is empty (0 bytes). Please choose the photo again.',
  notAPhoto: 'This file is not a photo we can use. Please choose a JPEG, PNG or WebP photo.',
  heic: 'This iPhone photo (HEIC) could not be converted on this phone. Please choose it again, or set the camera to "Most Compatible".',
  tooSmall: 'This photo is too small for the site. Please choose one at least 480 pixels wide.',
  tooLarge: 'This file is too large (over 30 MB). Please choose a smaller photo.',
  /** A photo the project names is gone from the server (its row, or its original file). */
  gone: 'A photo of this project is no longer on the server. Please add it again.',
  tooManyPixels: (pixels: number) =>
    `This photo is ${Math.round(pixels / 1_000_000)} megapixels, more than the 50 megapixels the site takes. Please choose a smaller photo.`,
} as const;

/** Largest upload the server takes for a project photo. */
export const maxProjectPhotoBytes = 30 * 1024 * 1024;

/** "Other" in the Area list: a town outside the five service areas, typed by the owner. */
export const otherArea = 'other';
export const projectAreas = [...locationSlugs, otherArea] as const;

const text = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters.`);

/**
 * A project as the owner's form sends it, for a draft: anything may still be missing. Publishing
 * needs every field (publishableProjectSchema).
 */
export const projectDraftSchema = z.object({
  title: text(120).default(''),
  service: z.enum(serviceSlugs).nullable().default(null),
  area: z.enum(projectAreas).nullable().default(null),
  town: text(60).default(''),
  beforePhotoId: z.uuid().nullable().default(null),
  afterPhotoId: z.uuid().nullable().default(null),
  beforeAlt: text(300).default(''),
  afterAlt: text(300).default(''),
  problem: text(4000).default(''),
  solution: text(4000).default(''),
});

export type ProjectDraft = z.output<typeof projectDraftSchema>;

const required = (message: string) => z.string().trim().min(1, message);

/** Every field a published project shows, with the owner's messages. */
export const publishableProjectSchema = projectDraftSchema
  .extend({
    title: required('Give the project a title.').max(120),
    service: z.enum(serviceSlugs, 'Choose the service.'),
    area: z.enum(projectAreas, 'Choose the area.'),
    beforePhotoId: z.uuid('Add the before photo.'),
    afterPhotoId: z.uuid('Add the after photo.'),
    beforeAlt: required('Describe the before photo.').max(300),
    afterAlt: required('Describe the after photo.').max(300),
    problem: required('Say what was wrong.').max(4000),
    solution: required('Say what you did.').max(4000),
  })
  .refine((project) => project.area !== otherArea || project.town.length > 0, {
    path: ['town'],
    message: 'Name the town.',
  });

export const projectStatusLabels = { draft: 'Draft', published: 'Published' } as const;

/** A project in the owner's list and on its page. */
export interface OwnerProject extends ProjectDraft {
  id: string;
  status: 'draft' | 'published';
  slug: string | null;
  beforePhoto: UploadedPhoto | null;
  afterPhoto: UploadedPhoto | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}
