/**
 * `npm run check:launch`: lists every placeholder still on the site, so the owner can see what
 * needs his real details before going live, and exits 1 while any remain (0 when none do).
 * `npm run build` prints the same list as a warning (launchWarning) and carries on.
 *
 * It looks for: the fictional 555 phone number, an e-mail on a reserved test domain (.example,
 * example.com...), the ROC licence 000000, example.com links (music site, song video, anything
 * else in the content), the Google review link (googleReviewUrl), placeholder payment QR codes, drawn pictures not yet replaced by photos
 * (by file name, or by the owner's own photo in their place at /owner/photos), and the default SITE_URL.
 *
 * The list is the owner's app's ("Before going live" on /owner, server/services/settings/launch-list.ts):
 * asked of the running server when one runs (as `npm run backup` does), else read from the
 * database, so what he set in the app counts; plus test values typed into shared/content.
 *
 * CLI: npx tsx scripts/launch-check.ts
 */
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aboutContent } from '../shared/content/about';
import { business as siteBusiness } from '../shared/content/business';
import { galleryItems } from '../shared/content/gallery';
import { privacyPolicy, termsOfService } from '../shared/content/legal';
import { locationSummaries } from '../shared/content/location-summaries';
import { locations } from '../shared/content/locations';
import { pineBundlesContent } from '../shared/content/pine-bundles';
import { serviceSummaries } from '../shared/content/service-summaries';
import { services } from '../shared/content/services';
import { defaultSiteUrl } from '../shared/site';
import { businessLaunchItems, type LaunchItem } from '../shared/launch-list';
import { businessWith } from '../shared/content/business-facts';
import { DatabaseInUseError, openDatabase, type Database, type DatabaseHandle } from '../server/db/client';
import { picturesInUse } from '../server/services/pictures/pictures-in-use';
import { launchListThroughChannel } from '../server/services/backup/channel';
import { drawnPictureItems, launchList } from '../server/services/settings/launch-list';
import { savedBusinessDetails } from '../server/services/settings/site-settings';
import { packageRoot } from '../server/package-root';
import { imageSources } from './images/catalog';

// The project's folder, from scripts/ or from the build's bundle of this command in dist/server/.
const defaultRoot = packageRoot(path.dirname(fileURLToPath(import.meta.url)));

export type PlaceholderKind = 'business' | 'content' | 'picture' | 'qr' | 'site';

export interface Placeholder {
  kind: PlaceholderKind;
  /** What is a placeholder, e.g. 'phoneDisplay, phoneE164: (928) 555-0147 is a fictional 555 number'. */
  what: string;
  /** The file or setting to change, e.g. 'shared/content/business.ts' or 'images/services/roofing.svg'. */
  where: string;
}

/** The business facts the check reads (shared/content/business.ts). */
export interface BusinessFacts {
  phoneDisplay: string;
  phoneE164: string;
  email: string;
  rocLicense: string;
  musicSite: { url: string };
  songVideo: { url: string };
  googleReviewUrl: string;
}

export interface LaunchCheckInput {
  /** Project root holding images/ (default: this repository). */
  root?: string;
  business?: BusinessFacts;
  /** The rest of the content, searched for hard-coded test numbers and example links. */
  content?: unknown;
  /** The SITE_URL the site is built with. */
  siteUrl?: string;
  /** The pictures the owner put his own photo in place of in his app (/owner/photos), by name ('services/decks'). */
  replacedPictures?: ReadonlySet<string>;
}

/** 555-0100 to 555-0199 are reserved for fiction; any 555 exchange is worth a second look. */
const fictionalPhone = /(?<!\d)(?:\+1|\()?\d{3}\)?[\s.-]?555[\s.-]?\d{4}(?!\d)/;
/** Domains reserved for documentation and tests (RFC 2606 / 6761). */
const reservedDomain =
  /(?:^|[.@/])(?:example\.(?:com|net|org)|[a-z0-9-]+\.(?:example|test|invalid|localhost))(?=$|[/:?#\s"'),])/i;
const exampleLink = /https?:\/\/[^\s"'<>)]+/gi;

function isReservedHost(url: string): boolean {
  try {
    return reservedDomain.test(`/${new URL(url).hostname}`);
  } catch {
    return true;
  }
}

/** Every string in a value, with its path, e.g. ['services[3].faqs[1].answer', '...']. */
function* strings(value: unknown, at: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [at, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* strings(item, `${at}[${i}]`);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* strings(item, at ? `${at}.${key}` : key);
}

export const siteContent = {
  about: aboutContent,
  gallery: galleryItems,
  privacy: privacyPolicy,
  terms: termsOfService,
  locations,
  locationSummaries,
  pineBundles: pineBundlesContent,
  serviceSummaries,
  services,
};

export function findPlaceholders(input: LaunchCheckInput = {}): Placeholder[] {
  const root = input.root ?? defaultRoot;
  const business = input.business ?? siteBusiness;
  const content = input.content ?? siteContent;
  const siteUrl = input.siteUrl ?? defaultSiteUrl;
  const found: Placeholder[] = [];
  // The same checks and words as the owner's list in his app (shared/launch-list.ts).
  for (const item of businessLaunchItems(business))
    found.push({ kind: 'business', what: item.what, where: "the owner's app: /owner/settings" });

  // The same test values typed straight into other content. The texts weave in the facts of
  // business.ts (reported once, above), so those are left out.
  for (const [at, text] of strings(content, '')) {
    const own = text
      .replaceAll(siteBusiness.phoneDisplay, '')
      .replaceAll(siteBusiness.phoneE164, '')
      .replaceAll(siteBusiness.email, '');
    const phone = fictionalPhone.exec(own)?.[0];
    if (phone)
      found.push({ kind: 'content', what: `${at}: ${phone} is a fictional 555 number`, where: 'shared/content' });
    for (const link of (own.match(exampleLink) ?? []).map((l) => l.replace(/[.,;:!?]+$/, '')))
      if (isReservedHost(link))
        found.push({ kind: 'content', what: `${at}: ${link} is an example link`, where: 'shared/content' });
  }

  for (const source of imageSources(root)) {
    if (source.isPhoto || input.replacedPictures?.has(source.name)) continue;
    found.push({ kind: source.kind === 'qr' ? 'qr' : 'picture', what: source.file, where: source.file });
  }

  if (siteUrl.replace(/\/+$/, '') === defaultSiteUrl || isReservedHost(siteUrl))
    found.push({ kind: 'site', what: `SITE_URL is ${siteUrl}, a placeholder`, where: 'SITE_URL' });
  return found;
}

const sections: Record<PlaceholderKind, string> = {
  business: "Business details: set them in the owner's app, /owner/settings:",
  content: 'Test values typed into the texts of shared/content:',
  picture:
    "Drawn pictures: replace each in the owner's app, /owner/photos (or drop a photo with the same name beside it, e.g. images/services/roofing.jpg):",
  qr: "Placeholder payment QR codes, not scannable: replace each in the owner's app, /owner/photos (or save the app's real code beside it, e.g. images/qr/venmo.png):",
  site: 'Site address: build and start with SITE_URL=https://www.your-domain.com',
};

/** The list as the owner reads it, one placeholder a line. */
export function formatPlaceholders(found: readonly Placeholder[]): string {
  if (found.length === 0) return 'Launch check: no placeholders left. Ready to go live.';
  const lines = [
    `Launch check: ${found.length} placeholder${found.length === 1 ? '' : 's'} left (see "Before going live" in README.md).`,
  ];
  for (const kind of Object.keys(sections) as PlaceholderKind[]) {
    const items = found.filter((p) => p.kind === kind);
    if (items.length === 0) continue;
    lines.push('', sections[kind]);
    if (kind === 'picture' || kind === 'qr') {
      // one line per folder: file names only
      const byFolder = new Map<string, string[]>();
      for (const { where } of items) {
        const folder = path.posix.dirname(where);
        byFolder.set(folder, [...(byFolder.get(folder) ?? []), path.posix.basename(where)]);
      }
      for (const [folder, files] of byFolder) lines.push(`  - ${folder}/: ${files.join(', ')}`);
    } else for (const item of items) lines.push(`  - ${item.what}`);
  }
  return lines.join('\n');
}

/** A launch list item as the check prints it (pictures by file, grouped by folder). */
export function placeholderOf(item: LaunchItem): Placeholder {
  const where = item.id.startsWith('picture:') ? item.id.slice('picture:'.length) : (item.href ?? 'SITE_URL');
  return { kind: item.kind, what: item.what, where };
}

/**
 * The launch list from the site's database (its saved details and the pictures he replaced), the
 * pictures in `root`, and `siteUrl`.
 */
export function launchItemsOfDatabase(database: DatabaseHandle, options: { root: string; siteUrl: string }) {
  return launchList({
    details: () => savedBusinessDetails(database.db).catch(() => null),
    pictures: async () => drawnPictureItems(options.root, await picturesInUse(database.db).catch(() => ({}))),
    siteUrl: options.siteUrl,
  });
}

/** What the owner set in his app, as the launch check reads it from the site's database. */
export async function savedInDatabase(
  db: Database,
): Promise<{ business: BusinessFacts | null; pictures: ReadonlySet<string> }> {
  const saved = await savedBusinessDetails(db).catch(() => null);
  const pictures = await picturesInUse(db).catch(() => ({}));
  return { business: saved ? businessWith(saved) : null, pictures: new Set(Object.keys(pictures)) };
}

/**
 * What is left, exactly as the owner's app lists it: asked of the running server when one runs on
 * the embedded database (through its channel in DATA_DIR, as `npm run backup` does), else read
 * from the database (DATABASE_URL, else the embedded one in DATA_DIR), else the defaults when
 * there is no database yet.
 */
export async function launchItems(options: {
  root: string;
  dataDir: string;
  databaseUrl?: string;
  siteUrl: string;
}): Promise<{ items: LaunchItem[]; from: 'server' | 'database' | 'defaults' }> {
  const { root, dataDir, databaseUrl, siteUrl } = options;
  if (!databaseUrl) {
    const fromServer = await launchListThroughChannel(dataDir);
    if (fromServer) return { items: fromServer, from: 'server' };
    if (!existsSync(path.join(dataDir, 'pglite')))
      return {
        items: await launchList({ details: async () => null, pictures: () => drawnPictureItems(root), siteUrl }),
        from: 'defaults',
      };
  }
  const database = await openDatabase({ databaseUrl, dataDir, migrate: false });
  try {
    // A database that cannot be read is not one without settings: this throws (the reads below do not).
    await database.db.execute(sql`select 1`);
    return { items: await launchItemsOfDatabase(database, { root, siteUrl }), from: 'database' };
  } finally {
    await database.close();
  }
}

/** Where the list was read from, said under it. */
const readFrom = {
  server: 'Read from the running server: what the owner set in his app counts.',
  database: 'Read from the database: what the owner set in his app counts.',
  defaults:
    "Checked the build's defaults only (shared/content, images/, SITE_URL): no database is configured " +
    "(DATABASE_URL) and DATA_DIR holds none yet, so nothing set in the owner's app is counted.",
};

/** What went wrong, in the driver's words (drizzle's own message only quotes the query). */
function reasonOf(error: unknown): string {
  let reason = String(error);
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    const { code } = at as { code?: unknown };
    reason = at.message || (typeof code === 'string' ? code : reason);
  }
  return reason;
}

/** The variables the check reads (process.env's, or a test's). */
export type LaunchCheckEnv = Partial<Record<'DATA_DIR' | 'DATABASE_URL' | 'SITE_URL', string>>;

/**
 * What `npm run check:launch` prints and `npm run build` warns of: the launch list as the owner's
 * app has it (launchItems) and the test values typed into the texts of shared/content (for
 * whoever edits them, not the owner's app), and where the list was read from.
 */
export async function launchCheck(
  env: LaunchCheckEnv,
  root = defaultRoot,
): Promise<{ found: Placeholder[]; text: string }> {
  // The SITE_URL the build would use (as scripts/seo-files.ts reads it); a running server's own otherwise.
  const siteUrl = env.SITE_URL || defaultSiteUrl;
  const { items, from } = await launchItems({
    root,
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    siteUrl,
  });
  const content = findPlaceholders({ root, siteUrl }).filter((found) => found.kind === 'content');
  const found = [...items.map(placeholderOf), ...content];
  return { found, text: `${formatPlaceholders(found)}\n\n${readFrom[from]}` };
}

/**
 * `npm run build`'s warning, none when nothing is left: the same list as `npm run check:launch`.
 * The build carries on whatever it finds; when the database cannot be read it says so and lists
 * the build's defaults.
 */
export async function launchWarning(env: LaunchCheckEnv, root = defaultRoot): Promise<string | undefined> {
  try {
    const { found, text } = await launchCheck(env, root);
    return found.length ? text : undefined;
  } catch (error) {
    const found = findPlaceholders({ root, siteUrl: env.SITE_URL || undefined });
    const why =
      error instanceof DatabaseInUseError
        ? 'a running server holds the embedded database and its channel does not answer'
        : `the database could not be read (${reasonOf(error)})`;
    return found.length ? `${formatPlaceholders(found)}\n\nChecked the build's defaults only: ${why}.` : undefined;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { found, text } = await launchCheck(process.env);
    console.log(text);
    process.exitCode = found.length ? 1 : 0;
  } catch (error) {
    const dataDir = path.resolve(defaultRoot, process.env.DATA_DIR || 'data');
    console.error(
      error instanceof DatabaseInUseError
        ? `The running server holds the embedded database in ${dataDir}, but its channel ` +
            `(${path.join(dataDir, 'backup-channel')}) does not answer: see "Before going live" at /owner, or restart the server.`
        : `The database could not be read (${reasonOf(error)}).`,
    );
    process.exitCode = 2;
  }
}
