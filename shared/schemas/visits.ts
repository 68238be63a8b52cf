import { z } from 'zod';

/**
 * The estimate visit a homeowner books after a quote request (server/services/visits): the
 * windows offered, what the booking page sends, and the owner's settings for the windows.
 */

/** One offered window: ISO 8601 instants with Arizona's offset (`2026-05-04T08:00:00-07:00`). */
export interface VisitSlot {
  start: string;
  end: string;
}

export const visitAddressMaxLength = 200;

export const visitMessages = {
  address: 'Please enter the street address of the visit.',
  start: 'Please pick one of the times offered.',
  notOffered: 'That time is not one of the times offered. Please pick another.',
  taken: 'Sorry, someone just booked that time. Please pick another one.',
  unknown: 'This booking link is not valid. Please check the link in your e-mail, or call us.',
  past: 'This visit has already taken place. To book another one, send us a new request or call us.',
  cancelled: 'Your visit is cancelled.',
  noVisit: 'There is no visit booked to cancel.',
} as const;

/**
 * Where the visit is, as the messages, the calendars and the owner's app say it: the street address
 * the homeowner gave, or (booked through the API without one) the request's town, marked so the
 * owner knows to ask for it.
 */
export function visitPlace(address: string, city: string): string {
  const street = address.replace(/\s+/g, ' ').trim();
  return street || `${city.replace(/\s+/g, ' ').trim()} (street address not given yet)`;
}

/**
 * POST /api/visits/<token>: the window picked (any ISO string for the same instant) and the street
 * address. The booking page asks for the address; the API books without it (the town stands in).
 */
export const visitBookingSchema = z.object({
  start: z
    .string({ error: visitMessages.start })
    .max(64, visitMessages.start)
    .refine((value) => Number.isFinite(Date.parse(value)), visitMessages.start),
  address: z
    .string({ error: visitMessages.address })
    .trim()
    .min(3, visitMessages.address)
    .max(visitAddressMaxLength, `Please keep the address under ${visitAddressMaxLength} characters.`)
    .optional(),
});
export type VisitBooking = z.infer<typeof visitBookingSchema>;

export const visitCancelReasonMaxLength = 500;

/** The owner cancels a homeowner's visit: his reason, optional, goes into her e-mail as he typed it. */
export const ownerVisitCancelSchema = z.object({
  reason: z
    .string({ error: 'The reason must be text.' })
    .trim()
    .max(visitCancelReasonMaxLength, `Please keep the reason under ${visitCancelReasonMaxLength} characters.`)
    .optional(),
});

/** What the booking page and the API say of a request's visit. */
export interface VisitState {
  /** The homeowner's first name, for the page's greeting. */
  firstName: string;
  /** The request's project type ("Deck"), which the page names. */
  projectType: string;
  /** The booked visit, if any. */
  visit: { start: string; end: string; address: string } | null;
  /** The windows open now (none for a request screened as spam). */
  slots: VisitSlot[];
  /** The street address given for this request's latest visit, cancelled ones too ('' when none): offered again. */
  lastAddress: string;
}

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 08:00.');

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The owner's windows (PUT /api/owner/visit-settings). */
export const visitSettingsSchema = z.object({
  weekly: z
    .array(
      z
        .object({ day: z.number().int().min(0).max(6), from: time, to: time })
        .refine((hours) => hours.from < hours.to, 'The end of the hours must come after their start.'),
    )
    .max(21),
  windowMinutes: z.number().int().min(15, 'A visit takes at least 15 minutes.').max(480),
  horizonDays: z.number().int().min(1).max(90),
  noticeHours: z
    .number()
    .int()
    .min(0)
    .max(14 * 24),
});
export type VisitSettings = z.infer<typeof visitSettingsSchema>;

/** Weekdays 8:00–16:00, 90-minute windows, three weeks ahead, 12 hours' notice. */
export const defaultVisitSettings: VisitSettings = {
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, from: '08:00', to: '16:00' })),
  windowMinutes: 90,
  horizonDays: 21,
  noticeHours: 12,
};

/** A day off or a blocked time (POST /api/owner/visit-blocks): Arizona dates and times. */
export const visitBlockSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date.'),
    /** Last day of a run of days off; unset: the one day. */
    untilDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    /** Both unset: the whole day (days). */
    from: time.optional(),
    to: time.optional(),
    note: z.string().trim().max(200).optional(),
  })
  .refine((block) => (block.from === undefined) === (block.to === undefined), 'Give both times, or neither.')
  .refine((block) => block.from === undefined || block.to === undefined || block.from < block.to, {
    message: 'The end must come after the start.',
  })
  .refine(
    (block) => block.untilDate === undefined || block.untilDate >= block.date,
    'The last day comes before the first.',
  );
export type VisitBlockInput = z.infer<typeof visitBlockSchema>;

export interface VisitBlock {
  id: string;
  start: string;
  end: string;
  note: string | null;
}

/** A visit in the owner's app: the upcoming list and the request's page. */
export interface OwnerVisit {
  id: string;
  requestId: string;
  start: string;
  end: string;
  address: string;
  status: 'booked' | 'cancelled';
  name: string;
  phone: string;
  city: string;
  projectType: string;
  /** A request's visit (its page): who made the last change, the owner from that page or the homeowner by his link. */
  changedBy?: 'owner' | 'homeowner';
  /** Cancelled by the owner: the reason he gave the homeowner (null: none, or not his cancel). */
  cancelReason: string | null;
  /** She answered C to the reminder text (the visit stays booked). */
  confirmed: boolean;
}
