import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { z } from 'zod';
import { weekDayNames, weekDays, type SavedBusinessDetails } from '../content/business-facts';
import { usPhoneMetadata } from './us-phone-metadata';

/**
 * The owner's Business details (/owner/settings, PUT /api/owner/settings): one schema for the form
 * and the route, each field checked with what is made for it (libphonenumber-js for the phone,
 * zod's e-mail check), the review link on Google's own hosts only.
 */

export const businessDetailsMessages = {
  phone: 'Please enter a US phone number with its area code, such as (928) 555-0147.',
  email: 'Please enter an e-mail address, such as quotes@yourbusiness.com.',
  rocLicense: 'Please enter the six digits of the ROC licence number, such as 123456 or ROC 123456.',
  googleReviewUrl:
    'Please paste the review link from your Google Business Profile: it starts with https://g.page/ or https://search.google.com/local/writereview. Links to other sites are refused so review requests only ever send homeowners to Google.',
  link: 'Please enter a full web address starting with https://.',
  hours: 'Please give the opening and closing time (closing after opening), or mark the day closed.',
  currentPassword: 'Changing the e-mail address needs your current password.',
} as const;

/**
 * True for a Google review link: https://g.page/… or https://search.google.com/local/writereview…,
 * nothing else (no other host, no credentials, no port). /r/<token> redirects only to such a link.
 */
export function isGoogleReviewUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  if (url.hostname === 'g.page') return url.pathname.length > 1;
  return url.hostname === 'search.google.com' && url.pathname.startsWith('/local/writereview');
}

/** Where /r/<token> sends when the saved link is somehow not Google's: Google's own review page. */
export const googleReviewFallback = 'https://search.google.com/local/writereview';

/** A US number as the site shows it and as tel:/sms: links need it; null when it is none. */
export function usPhone(value: string): { display: string; e164: string } | null {
  const phone = parsePhoneNumberFromString(value, 'US', usPhoneMetadata);
  if (!phone || phone.country !== 'US' || !phone.isValid()) return null;
  return { display: phone.formatNational(), e164: phone.number };
}

/**
 * "312456", "roc 123456", "ROC123456" -> "ROC 123456": the licence is its six digits, and he may
 * type them alone. Null when it is not six digits, with or without "ROC" before them.
 */
export function rocLicenceOf(value: string): string | null {
  const match = /^\s*(?:ROC\s*#?\s*)?(\d{6})\s*$/i.exec(value);
  return match ? `ROC ${match[1]}` : null;
}

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A closed day's times are not read (the form leaves them out while disabled). */
const dayField = z
  .object({ closed: z.boolean(), open: z.string().max(5).optional(), close: z.string().max(5).optional() })
  .refine(
    (day) =>
      day.closed || (timePattern.test(day.open ?? '') && timePattern.test(day.close ?? '') && day.open! < day.close!),
    { message: businessDetailsMessages.hours, path: ['close'] },
  );

const httpsLink = z
  .string()
  .trim()
  .max(500, businessDetailsMessages.link)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, businessDetailsMessages.link);

/** What the form holds (and the route receives). */
export const businessDetailsFormSchema = z.object({
  phone: z
    .string()
    .trim()
    .max(40, businessDetailsMessages.phone)
    .refine((value) => usPhone(value) !== null, businessDetailsMessages.phone),
  email: z.string().trim().max(254, businessDetailsMessages.email).pipe(z.email(businessDetailsMessages.email)),
  rocLicense: z
    .string()
    .max(40, businessDetailsMessages.rocLicense)
    .refine((value) => rocLicenceOf(value) !== null, businessDetailsMessages.rocLicense),
  googleReviewUrl: z
    .string()
    .trim()
    .max(500, businessDetailsMessages.googleReviewUrl)
    .refine(isGoogleReviewUrl, businessDetailsMessages.googleReviewUrl),
  hours: z.array(dayField).length(7),
  musicSiteUrl: httpsLink,
  songVideoUrl: httpsLink,
  /** Asked only when the e-mail changes (the server checks it then). */
  currentPassword: z.string().max(1024).optional(),
});

export type BusinessDetailsForm = z.input<typeof businessDetailsFormSchema>;

/** The checked form as it is stored and shown. */
export function savedDetailsOf(form: z.output<typeof businessDetailsFormSchema>): SavedBusinessDetails {
  const phone = usPhone(form.phone)!;
  return {
    phoneDisplay: phone.display,
    phoneE164: phone.e164,
    email: form.email.toLowerCase(),
    rocLicense: rocLicenceOf(form.rocLicense)!,
    googleReviewUrl: form.googleReviewUrl,
    hours: form.hours.map((day) => (day.closed ? null : { open: day.open!, close: day.close! })),
    musicSiteUrl: form.musicSiteUrl,
    songVideoUrl: form.songVideoUrl,
  };
}

/** A saved (or default) week as the form's seven days. */
export function formHoursOf(hours: SavedBusinessDetails['hours']): BusinessDetailsForm['hours'] {
  return weekDays.map((_, index) => {
    const day = hours[index];
    return day ? { closed: false, open: day.open, close: day.close } : { closed: true, open: '', close: '' };
  });
}

export { weekDayNames, weekDays };

/** GET /api/owner/settings. */
export interface OwnerSettings {
  /** What the site shows now: saved, or the defaults. */
  details: SavedBusinessDetails;
  /** False until he saved his own (the site shows shared/content/business.ts's). */
  saved: boolean;
  /** BUSINESS_HOURS is set on the server: the reminders' clock follows it, not the hours here. */
  hoursFromEnvironment: boolean;
  /**
   * Where his alerts, reminders and reset links go now: the E-mail he saved; until he saves one,
   * the address the site was set up with. A new E-mail other than this needs his password.
   */
  mailTo: string;
}
