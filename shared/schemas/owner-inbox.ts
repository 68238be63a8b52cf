import type { ThreadText } from './text-settings';
import { z } from 'zod';
import type { LeadSource } from './lead-source';
import { amountNames, dollarsSchema, lostReasonSchema, type LostReason } from './owner-money';
import type { StoredQuoteFields } from './quote-request';
import type { ReviewRequestState } from './reviews';

/**
 * What the owner's inbox at /owner sends and receives: the same definitions for the inbox's
 * client (client/src/owner) and its API (server/routes/owner.ts).
 */
export const inboxStatuses = ['new', 'contacted', 'quoted', 'won', 'done', 'lost', 'spam'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

export const statusLabels: Record<InboxStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  done: 'Job done',
  lost: 'Lost',
  spam: 'Spam',
};

/** The inbox's filters: one per status, then every request. */
export const inboxFilters = [...inboxStatuses, 'all'] as const;
export type InboxFilter = (typeof inboxFilters)[number];

export const maxNoteLength = 5000;
const maxSearchLength = 200;

/**
 * Words typed into a search box: control characters (a NUL byte, which Postgres cannot compare
 * text with, included) become spaces, and it is cut to a sane length. Anything else, an array from
 * `?q=a&q=b` say, searches for nothing rather than failing.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g;
const searchText = z
  .string()
  .catch('')
  .transform((value) => value.replace(controlCharacters, ' ').trim().slice(0, maxSearchLength));

export const inboxQuerySchema = z.object({
  status: z.enum(inboxFilters).catch('all'),
  q: searchText,
  /** A source name (shared/lead-source-name.ts), or '' for every source. */
  source: searchText,
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const signInSchema = z.object({
  password: z.string().min(1, 'Enter the password.').max(1000),
});

/**
 * PATCH /api/owner/requests/:id: a new status, amounts in whole dollars (null clears one) and the
 * lost reason, any of them. Only what is sent changes: a status from one phone and an amount from
 * another both stay.
 */
export const requestChangeSchema = z
  .object({
    status: z.enum(inboxStatuses, `The status must be one of: ${inboxStatuses.join(', ')}.`).optional(),
    estimateAmount: dollarsSchema(amountNames.estimateAmount).optional(),
    jobValue: dollarsSchema(amountNames.jobValue).optional(),
    lostReason: lostReasonSchema.nullable().optional(),
  })
  .refine(
    (change) => Object.values(change).some((value) => value !== undefined),
    'Send a status, an estimate amount, a job value or a lost reason.',
  );
export type RequestChange = z.output<typeof requestChangeSchema>;

export const noteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write something first.')
    .max(maxNoteLength, `A note can have at most ${maxNoteLength} characters.`),
});

/** Tapping Call, Text or Reply by e-mail on a request's page counts as the first answer. */
export const answerChannels = ['call', 'text', 'email'] as const;
export type AnswerChannel = (typeof answerChannels)[number];
export const answerSchema = z.object({ via: z.enum(answerChannels, 'via must be call, text or email.') });

/** Setting one of these statuses answers a request, for the speed-to-lead clock. */
export const answeringStatuses: readonly InboxStatus[] = ['contacted', 'quoted', 'won', 'done'];

/**
 * The statuses of a won job: counted as won wherever won jobs are counted (the Won filter and its
 * badge, the results, the CSV), asking for the job value, with the won date kept while the request
 * stays in one of them. Job done is a won job that was finished (it sends the homeowner a review
 * request).
 */
export const wonStatuses: readonly InboxStatus[] = ['won', 'done'];
export const isWon = (status: InboxStatus): boolean => wonStatuses.includes(status);

export type DeliveryState = {
  id: string;
  kind:
    | 'owner_alert'
    | 'confirmation'
    | 'webhook'
    | 'owner_push'
    | 'reminder_push'
    | 'reminder_email'
    | 'review_request'
    | 'review_reminder';
  /** Pushes: the device's name ("iPhone · Safari"). */
  device: string | null;
  reminderMinutes: number | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string;
};

/** One row of the inbox list. */
export interface InboxItem extends Pick<StoredQuoteFields, 'name' | 'projectType' | 'city' | 'budgetRange'> {
  id: string;
  createdAt: string;
  status: InboxStatus;
  hasPhoto: boolean;
  /** Where the request came from (`Google Ads`, `Direct`...), or `Not recorded`. */
  source: string;
  /** When the owner first answered it (null: not yet). */
  firstAnsweredAt: string | null;
  /** When the homeowner's oldest question still waiting for his answer was asked (null: none waits). */
  questionAt: string | null;
  /** The booked estimate visit, in Arizona time (null: none booked). */
  visit: { start: string; end: string } | null;
}

/** How fast requests were answered, over the requests of the last `days` days (spam aside). */
export interface SpeedToLead {
  days: number;
  requests: number;
  answered: number;
  /** Median minutes from receipt to the first answer, over the answered ones. */
  medianMinutes: number | null;
  /** Answered within the hour, out of the requests that are at least an hour old or answered. */
  withinHour: { answered: number; of: number };
  withinDay: { answered: number; of: number };
  /**
   * Requests whose homeowner booked the estimate visit online: not the owner's answer (the
   * booking leaves a New request New, and the clock waits for him), shown apart.
   */
  bookedOnline: number;
}

export interface InboxList {
  items: InboxItem[];
  /** Requests that match the filter and search (items holds at most the newest `limit`). */
  total: number;
  limit: number;
  /** Requests per status, over everything (not the search): the filters' badges. */
  counts: Record<InboxStatus, number>;
  /** Every source with requests, busiest first: the source filter's choices. */
  sources: { name: string; count: number }[];
  speed: SpeedToLead;
}

export interface InboxNote {
  id: string;
  body: string;
  createdAt: string;
  /** The owner's own note, or the homeowner's question asked on an estimate's page: never shown as the owner's. */
  author: 'owner' | 'homeowner';
  /** A homeowner's question: when the owner answered it (null: it waits for him). Absent on his own notes. */
  answeredAt?: string | null;
}

/** A request opened: every field the visitor sent, its status, notes and what was sent. */
export interface RequestDetail extends InboxItem, Pick<StoredQuoteFields, 'phone' | 'email' | 'message' | 'photoUrl'> {
  spamReason: string | null;
  statusChangedAt: string | null;
  /** 'visit': he booked the homeowner's visit from the request's page. */
  firstAnsweredVia: 'status' | 'visit' | AnswerChannel | null;
  deliveries: DeliveryState[];
  /** Texts with her, both ways, oldest first (server/services/texts). */
  texts?: ThreadText[];
  notes: InboxNote[];
  /** What was recorded of where the visitor came from; null when nothing was. */
  leadSource: RequestSource | null;
  /** The review request of a finished job (Job done); null before one was written. */
  reviewRequest: ReviewRequestState | null;
  /** Whole dollars, as the owner entered them (null: not entered). */
  estimateAmount: number | null;
  jobValue: number | null;
  lostReason: LostReason | null;
  /** When it was marked won (null unless its status is a won one). */
  wonAt: string | null;
  /** Every change the owner made, oldest first (none for requests from before changes were kept). */
  history: RequestEvent[];
  /** The homeowner's booking page (`https://…/visit/<token>`), to copy or text him; null without visits. */
  visitUrl?: string | null;
}

/** What a change leaves: the request's status, amounts and history as stored after it. */
export type RequestState = Pick<
  RequestDetail,
  | 'status'
  | 'statusChangedAt'
  | 'firstAnsweredAt'
  | 'firstAnsweredVia'
  | 'estimateAmount'
  | 'jobValue'
  | 'lostReason'
  | 'wonAt'
  | 'history'
>;

export const requestEventKinds = [
  'status',
  'estimate',
  'job-value',
  /** A request won or done without a job value took its estimate amount as the job value. */
  'job-value-from-estimate',
  'lost-reason',
  'answer',
  'answer-undone',
  /** The owner booked, moved or cancelled the homeowner's visit from the request's page. */
  'visit-booked',
  'visit-moved',
  'visit-cancelled',
] as const;
export type RequestEventKind = (typeof requestEventKinds)[number];

/**
 * One dated change on a request: a status, an amount or the lost reason set (null: cleared), or a
 * tap on Call, Text or Reply recorded as the first answer (and its undo). `device` says from
 * which of the owner's phones or computers (`iPhone · Safari`).
 */
export interface RequestEvent {
  id: number;
  at: string;
  kind: RequestEventKind;
  status: InboxStatus | null;
  amount: number | null;
  lostReason: LostReason | null;
  via: AnswerChannel | null;
  /** The visit booked or moved to (kinds 'visit-booked', 'visit-moved'). */
  visitAt: string | null;
  device: string | null;
}

export interface RequestSource {
  source: string;
  medium: string;
  campaign: string | null;
  landingPage: string | null;
  referrer: string | null;
  /** 'script': recorded by the site in the browser; 'server': only what a form post without scripts showed. */
  capturedBy: 'script' | 'server';
  touches: LeadSource;
}
