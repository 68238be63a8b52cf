import type { QuoteRequestField } from './quote-request';

/**
 * The quote form as a plain HTML form (it works before and without JavaScript): where it posts,
 * the names of its fields, and what the server's answer page shows in it. The server fills a
 * `PlainFormState` from the post; the page renders it (client/src/features/quote-form).
 */
export const plainFormAction = '/contact';
/** The answer page scrolls to the form (the contact page's form block has this id). */
export const plainFormAnchor = 'quote-form';

/** The fields the visitor types or picks: the schema's, but the photo (its own picker, plainPhotoFields). */
export type QuoteFieldName = Exclude<QuoteRequestField, 'photoUrl'>;

/**
 * Each field's label in both forms, in the specification's order. The keys are the schema's (one
 * missing or extra is a type error); this file stays free of zod, so the form served in the HTML
 * lists its fields at no cost.
 */
export const quoteFieldLabels = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  projectType: 'Project Type',
  city: 'City',
  budgetRange: 'Budget Range',
  message: 'Message',
} as const satisfies Record<QuoteFieldName, string>;

export const quoteFieldNames = Object.keys(quoteFieldLabels) as readonly QuoteFieldName[];

export const plainPhotoFields = {
  /** The file picker of the plain form. */
  file: 'photo',
  /** A photo already stored by an earlier post that was refused for another field. */
  url: 'photoUrl',
} as const;

export type PlainFormErrors = Partial<Record<QuoteFieldName | 'photo', string>>;

export interface PlainFormState {
  /** What the visitor sent, to fill the fields again. */
  values?: Partial<Record<QuoteFieldName, string>>;
  /** The spec's message beside each refused field. */
  fieldErrors?: PlainFormErrors;
  /** A photo that is stored already (kept across a refused post). */
  photoUrl?: string;
  /** A message about the whole form (busy server, too many requests...). */
  notice?: string;
  /** The request was stored: what it asked for, for the confirmation. */
  sent?: {
    projectType: string;
    city: string;
    /** `/visit/<token>`: the request's booking page, offered under the confirmation. */
    visitUrl?: string;
  };
}
