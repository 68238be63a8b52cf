/**
 * The quote form as a plain HTML form (it works before and without JavaScript): where it posts,
 * the names of its fields, and what the server's answer page shows in it. The server fills a
 * `PlainFormState` from the post; the page renders it (client/src/features/quote-form).
 */
export const plainFormAction = '/contact';
/** The answer page scrolls to the form (the contact page's form block has this id). */
export const plainFormAnchor = 'quote-form';

export const quoteFieldNames = ['name', 'phone', 'email', 'projectType', 'city', 'budgetRange', 'message'] as const;
export type QuoteFieldName = (typeof quoteFieldNames)[number];

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
  sent?: { projectType: string; city: string };
}
