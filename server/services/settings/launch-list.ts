import type { SavedBusinessDetails } from '@shared/content/business-facts';
import { businessWith } from '@shared/content/business-facts';
import { businessLaunchItems, pictureLaunchItem, siteUrlLaunchItem, type LaunchItem } from '@shared/launch-list';
import { imageSources } from '../../../scripts/images/catalog';

/**
 * "Before going live": what is left, in one place for the owner's app (/owner, GET
 * /api/owner/launch) and `npm run check:launch` (scripts/launch-check.ts, which asks the running
 * server through its channel, or reads the database when none runs): the business details still
 * the placeholders (the saved ones, else shared/content/business.ts's), the drawn pictures and
 * placeholder QR codes, and SITE_URL for whoever runs the server.
 */
export async function launchList(deps: {
  details: () => Promise<SavedBusinessDetails | null>;
  pictures?: () => LaunchItem[] | Promise<LaunchItem[]>;
  siteUrl: string;
}): Promise<LaunchItem[]> {
  const business = businessWith(await deps.details());
  const site = siteUrlLaunchItem(deps.siteUrl);
  return [...businessLaunchItems(business), ...((await deps.pictures?.()) ?? []), ...(site ? [site] : [])];
}

/**
 * The drawn pictures and placeholder QR codes in `root`/images/ that no photo replaces yet: neither
 * a photo file beside it nor the owner's own in its place (`inUse`, by name, /owner/photos).
 */
export function drawnPictureItems(root: string, inUse: Readonly<Record<string, unknown>> = {}): LaunchItem[] {
  return imageSources(root)
    .filter((source) => !source.isPhoto && !(source.name in inUse))
    .map((source) => pictureLaunchItem(source.file, source.kind === 'qr'));
}
