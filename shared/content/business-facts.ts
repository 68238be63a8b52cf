import { business as defaults } from './business';

/**
 * The business facts the owner sets in his app (/owner/settings), layered over the defaults of
 * shared/content/business.ts: until he saves his own, every page shows the defaults and is the
 * build's, byte for byte. Pages read the facts of the content version they show (siteBusiness of
 * the site-content snapshot), never the module constant, so a saved phone number reaches every
 * page, e-mail and share image without a build.
 */

/** Mo..Su, as schema.org names them; the week of the settings starts on Monday. */
export const weekDays = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export type WeekDay = (typeof weekDays)[number];
export const weekDayNames: Record<WeekDay, string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};

/** One day's hours, 24-hour `HH:MM`; null: closed that day. */
export type DayHours = { open: string; close: string } | null;
/** Monday to Sunday. */
export type WeekHours = readonly DayHours[];

/** What the owner saved: every field of the form, checked (shared/schemas/business-details.ts). */
export interface SavedBusinessDetails {
  phoneDisplay: string;
  phoneE164: string;
  email: string;
  rocLicense: string;
  googleReviewUrl: string;
  hours: WeekHours;
  musicSiteUrl: string;
  songVideoUrl: string;
}

/** The business's facts as the pages use them: the defaults' shape with the saved values in. */
export interface Business {
  readonly name: string;
  readonly ownerName: string;
  readonly ownerTitle: string;
  readonly phoneDisplay: string;
  readonly phoneE164: string;
  readonly email: string;
  readonly rocLicense: string;
  readonly yearsExperience: string;
  readonly homeTown: string;
  readonly region: string;
  readonly serviceAreaText: string;
  readonly phoenixNote: string;
  readonly responseTime: string;
  readonly hours: { readonly display: string; readonly openingHours: readonly string[] };
  readonly slogans: { readonly primary: string; readonly secondary: string };
  readonly musicSite: { readonly label: string; readonly url: string };
  readonly songVideo: { readonly label: string; readonly url: string };
  readonly googleReviewUrl: string;
  readonly pineBundles: typeof defaults.pineBundles;
}

export const defaultBusiness: Business = defaults;

/** The defaults, or the defaults with what the owner saved. */
export function businessWith(saved: SavedBusinessDetails | null | undefined): Business {
  if (!saved) return defaultBusiness;
  return {
    ...defaults,
    phoneDisplay: saved.phoneDisplay,
    phoneE164: saved.phoneE164,
    email: saved.email,
    rocLicense: saved.rocLicense,
    googleReviewUrl: saved.googleReviewUrl,
    hours: { display: hoursDisplay(saved.hours), openingHours: openingHoursOf(saved.hours) },
    musicSite: { ...defaults.musicSite, url: saved.musicSiteUrl },
    songVideo: { ...defaults.songVideo, url: saved.songVideoUrl },
  };
}

/** tel:, sms: and mailto: links of the business. */
export const telHrefOf = (facts: Pick<Business, 'phoneE164'>) => `tel:${facts.phoneE164}`;
export const smsHrefOf = (facts: Pick<Business, 'phoneE164'>) => `sms:${facts.phoneE164}`;
export const mailHrefOf = (facts: Pick<Business, 'email'>) => `mailto:${facts.email}`;

const sameHours = (a: DayHours | undefined, b: DayHours | undefined) =>
  a === b || (a != null && b != null && a.open === b.open && a.close === b.close);

/** Runs of consecutive days with the same hours: [first, last, hours]. */
function runs(week: WeekHours): [number, number, DayHours][] {
  const out: [number, number, DayHours][] = [];
  week.forEach((day, index) => {
    const last = out.at(-1);
    if (last && last[1] === index - 1 && sameHours(last[2], day)) last[1] = index;
    else out.push([index, index, day]);
  });
  return out;
}

/** schema.org openingHours: `['Mo-Fr 07:00-17:00', 'Sa 08:00-12:00']` (closed days left out). */
export function openingHoursOf(week: WeekHours): string[] {
  return runs(week)
    .filter((run) => run[2] !== null)
    .map(([first, last, hours]) => {
      const days = first === last ? weekDays[first]! : `${weekDays[first]}-${weekDays[last]}`;
      return `${days} ${hours!.open}-${hours!.close}`;
    });
}

/** `07:00` -> `7 am`, `17:30` -> `5:30 pm`, `12:00` -> `12 pm`. */
export function clockText(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 || h === 24 ? 'am' : 'pm'}`;
}

/** `Monday to Friday, 7 am to 5 pm; Saturday, 8 am to 12 pm` (closed days left out). */
export function hoursDisplay(week: WeekHours): string {
  const open = runs(week).filter((run) => run[2] !== null);
  if (open.length === 0) return 'By appointment';
  return open
    .map(([first, last, hours]) => {
      const days =
        first === last
          ? weekDayNames[weekDays[first]!]
          : `${weekDayNames[weekDays[first]!]} to ${weekDayNames[weekDays[last]!]}`;
      return `${days}, ${clockText(hours!.open)} to ${clockText(hours!.close)}`;
    })
    .join('; ');
}

/** The defaults' hours (business.ts: Mo-Fr 07:00-17:00) as the form's week. */
export const defaultWeekHours: WeekHours = weekDays.map((day) =>
  day === 'Sa' || day === 'Su' ? null : { open: '07:00', close: '17:00' },
);

/** The form's starting values: what is saved, else the defaults. */
export function detailsOf(facts: Business, saved: SavedBusinessDetails | null): SavedBusinessDetails {
  return (
    saved ?? {
      phoneDisplay: facts.phoneDisplay,
      phoneE164: facts.phoneE164,
      email: facts.email,
      rocLicense: facts.rocLicense,
      googleReviewUrl: facts.googleReviewUrl,
      hours: defaultWeekHours,
      musicSiteUrl: facts.musicSite.url,
      songVideoUrl: facts.songVideo.url,
    }
  );
}
